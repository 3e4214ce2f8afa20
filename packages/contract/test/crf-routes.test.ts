// The financial report's payloads (subsidies/crf-routes.ts): French refusals, one shape per service event.
import { describe, expect, it } from 'vitest';
import { crfEventSchema, crfInputSchema, crfMachine, crfProjetInputSchema, crfRoutes, SERVICE_SIDE } from '../src/index.ts';

const messagesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((i) => i.message);
};

describe('financial report payloads', () => {
  it('gives the service exactly the events the crf machine guards by the service side, the comment required to send back', () => {
    const serviceEvents = Object.entries(crfMachine.events).filter(([, e]) => JSON.stringify(e.guard) === JSON.stringify(SERVICE_SIDE)).map(([name]) => name);
    expect(crfEventSchema.options.map((o) => o.shape.event.value).sort()).toEqual(serviceEvents.sort());
    expect(messagesOf(crfEventSchema, { event: 'renvoyer', comment: '  ' })).toEqual(['Le champ commentaire est obligatoire.']);
    expect(messagesOf(crfEventSchema, { event: 'receptionner' })).toEqual([]);
    expect(messagesOf(crfEventSchema, { event: 'transmettre' })).toEqual(["La valeur du champ événement n'est pas au bon format."]);
  });

  it('refuses negative or over-precise realised amounts, and parts the association does not write', () => {
    expect(messagesOf(crfProjetInputSchema, { financements: [{ annee: 2025, id_service_instructeur: '7b0f4a52-1c1e-4f3a-9d55-3f1c2a4b5c6d', montant_realise: -1 }] }))
      .toEqual(["La valeur du champ montant réalisé n'est pas au bon format."]);
    expect(messagesOf(crfInputSchema, { description: { montant_realise: 10.001 } })).toEqual(["La valeur du champ montant réalisé n'est pas au bon format."]);
    // The planned budget is cloned from the dossier: only the realised one is written.
    expect(crfInputSchema.safeParse({ budgetCrf: { prevu: {} } }).success).toBe(false);
    expect(crfInputSchema.safeParse({ etat: '4' }).success).toBe(false);
  });

  it('declares every route on the dossier scope but the reminder list, bound to the caller', () => {
    for (const [name, route] of Object.entries(crfRoutes)) expect(route.scope?.resource, name).toBe(name === 'missingCrf' ? 'caller' : 'dossier');
  });
});

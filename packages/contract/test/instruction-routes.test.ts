// The instruction event body (subsidies/instruction-routes.ts): one shape per event, French refusals.
import { describe, expect, it } from 'vitest';
import { DOSSIER_LIMITS, INSTRUCTION_EVENTS, instructionEventSchema, instructionStatutSchema, dossierInstructionMachine, SERVICE_SIDE } from '../src/index.ts';

const PROJET = '7b0f4a52-1c1e-4f3a-9d55-3f1c2a4b5c6d';
const messagesOf = (input: unknown) => {
  const parsed = instructionEventSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('instruction events', () => {
  it('names only events of the dossier_instruction machine that the service side may fire', () => {
    for (const event of INSTRUCTION_EVENTS) {
      const definition = dossierInstructionMachine.events[event];
      expect(definition, event).toBeDefined();
    }
    // Every event guarded by the service side (alone or with a fact) has its shape.
    const serviceEvents = Object.entries(dossierInstructionMachine.events)
      .filter(([, e]) => JSON.stringify(e.guard).includes(JSON.stringify(SERVICE_SIDE)))
      .map(([name]) => name);
    expect([...INSTRUCTION_EVENTS].sort()).toEqual(serviceEvents.sort());
  });

  it('requires the comment of a dossier sent back and the reason of a refusal or a rejection', () => {
    expect(messagesOf({ event: 'renvoyer' })).toEqual(['La valeur du champ commentaire n\'est pas au bon format.']);
    expect(messagesOf({ event: 'renvoyer', comment: '   ' })).toEqual(['Le champ commentaire est obligatoire.']);
    expect(messagesOf({ event: 'refuser', motif: '' })).toEqual(['Le champ motif est obligatoire.']);
    expect(messagesOf({ event: 'rejeter', motif: 'Hors du champ du dispositif' })).toEqual([]);
    expect(messagesOf({ event: 'renvoyer', comment: 'x'.repeat(DOSSIER_LIMITS.comment + 1) })).toEqual([`Le champ commentaire ne doit pas contenir plus de ${DOSSIER_LIMITS.comment} caractère(s).`]);
  });

  it('grants amounts per financing line: non-negative, two decimals at most, at least one line', () => {
    const line = { projet: PROJET, annee: 2026, montant_propose: 1500.5, montant_accorde: 1200 };
    expect(messagesOf({ event: 'accorder', montants: [line] })).toEqual([]);
    expect(messagesOf({ event: 'accorder', montants: [{ ...line, montant_accorde: -1 }] })).toEqual(["La valeur du champ montant accordé n'est pas au bon format."]);
    expect(messagesOf({ event: 'accorder', montants: [{ ...line, montant_accorde: 10.123 }] })).toEqual(["La valeur du champ montant accordé n'est pas au bon format."]);
    expect(messagesOf({ event: 'accorder', montants: [] })).toEqual(['Aucun montant accordé : indiquez au moins un montant accordé.']);
  });

  it('records a payment with its day and a positive amount', () => {
    expect(messagesOf({ event: 'mettre_en_paiement', paiement: { date: '2026-05-02', montant: 500 } })).toEqual([]);
    expect(messagesOf({ event: 'mettre_en_paiement', paiement: { date: '02/05/2026', montant: 500 } })).toEqual(["La valeur du champ date du paiement n'est pas au bon format."]);
    expect(messagesOf({ event: 'constater_paiement', paiement: { date: '2026-05-02', montant: 0 } })).toEqual(["La valeur du champ montant du paiement n'est pas au bon format."]);
  });

  it('refuses an event it does not know, in French', () => {
    expect(messagesOf({ event: 'archiver' })).toEqual(["La valeur du champ événement n'est pas au bon format."]);
  });

  it('marks a dossier incomplete only with a comment', () => {
    expect(instructionStatutSchema.safeParse({ statut: 'incomplet' }).success).toBe(false);
    expect(instructionStatutSchema.safeParse({ statut: 'incomplet', comment: 'Il manque les statuts signés.' }).success).toBe(true);
    expect(instructionStatutSchema.safeParse({ statut: 'complet' }).success).toBe(true);
  });
});

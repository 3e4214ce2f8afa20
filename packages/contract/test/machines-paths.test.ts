// Key paths of the four machines (issue 8 §4), who may fire what, and
// the per-state options (docs/domain.md « Machines à états ») derived from the declarations.
import { describe, expect, it } from 'vitest';
import {
  apply,
  can,
  crfMachine,
  dossierInstructionMachine,
  DOSSIER_STATES,
  optionsOf,
  passSportMachine,
  SIRET_REQUEST_LOCKED_STATES,
  SIRET_REQUEST_STATES,
  siretRequestMachine,
  type Machine,
  type MachineActor,
  type MachineSubject,
} from '../src/index.ts';

const member: MachineActor = { id: 'member', roles: ['lca.association'], associationIds: ['asso1'], serviceIds: [] };
const outsider: MachineActor = { id: 'outsider', roles: ['lca.association'], associationIds: ['asso2'], serviceIds: [] };
const instructor: MachineActor = { id: 'instructor', roles: ['rds.user'], associationIds: [], serviceIds: ['svc1'] };
const otherService: MachineActor = { id: 'other', roles: ['rds.service'], associationIds: [], serviceIds: ['svc2'] };
const lcaAdmin: MachineActor = { id: 'admin', roles: ['lca.admin'], associationIds: [], serviceIds: [] };

const object = (state: string, extra: Partial<MachineSubject> = {}): MachineSubject => ({
  state,
  associationId: 'asso1',
  serviceId: 'svc1',
  createdBy: { id: 'member', side: 'association' },
  facts: { complete: true, allCrfReceived: true },
  ...extra,
});

/** Fires each step in turn and returns the states went through; fails on the first refusal. */
function walk(machine: Machine, start: MachineSubject, steps: [string, MachineActor][]): string[] {
  const states = [start.state];
  let subject = start;
  for (const [event, actor] of steps) {
    const result = apply(machine, subject, event, actor);
    if (!result.ok) throw new Error(`${event} from ${subject.state}: ${JSON.stringify(result)}`);
    subject = { ...subject, state: result.to };
    states.push(result.to);
  }
  return states;
}

describe('dossier instruction', () => {
  const m = dossierInstructionMachine;

  it('goes A → D → 2 → 6 → 7 → 8 → 9 → 10 with the association then the instructing service', () => {
    const path = walk(m, object('A'), [
      ['transmettre', member],
      ['ouvrir_instruction', instructor],
      ['accorder', instructor],
      ['mettre_en_paiement', instructor],
      ['poursuivre_paiement', instructor],
      ['constater_paiement', instructor],
      ['cloturer', instructor],
    ]);
    expect(path).toEqual(['A', 'D', '2', '6', '7', '8', '9', '10']);
  });

  it('is sent back (D or 2 → C), corrected and transmitted again (C → D)', () => {
    expect(walk(m, object('D'), [['renvoyer', instructor], ['retransmettre', member]])).toEqual(['D', 'C', 'D']);
    expect(walk(m, object('2'), [['renvoyer', instructor], ['retransmettre', member]])).toEqual(['2', 'C', 'D']);
  });

  it('goes through the committee stage 2 → 3 → 4 → 6 or 11', () => {
    expect(walk(m, object('2'), [['soumettre_commission', instructor], ['enregistrer_avis', instructor], ['refuser', instructor]])).toEqual(['2', '3', '4', '11']);
  });

  it('refuses an incomplete transmission, a foreign association, another service, and says which guard failed', () => {
    const incomplete = apply(m, object('A', { facts: { complete: false } }), 'transmettre', member);
    expect(incomplete).toMatchObject({ ok: false, reason: 'guard', guard: { kind: 'fact', fact: 'complete' } });
    expect(apply(m, object('A'), 'transmettre', outsider)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, object('D'), 'ouvrir_instruction', otherService)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, object('D'), 'ouvrir_instruction', member)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, object('9', { facts: { allCrfReceived: false } }), 'cloturer', instructor)).toMatchObject({
      ok: false, reason: 'guard', guard: { kind: 'fact', fact: 'allCrfReceived' },
    });
    expect(apply(m, object('D'), 'transmettre', member)).toEqual({ ok: false, reason: 'wrong_state', event: 'transmettre', state: 'D', from: ['A'] });
    expect(apply(m, object('A'), 'envoyer', member)).toEqual({ ok: false, reason: 'unknown_event', event: 'envoyer' });
  });

  it('lets the service remove only a dossier a service user created (options of A, docs/domain.md « Machines à états »)', () => {
    expect(can(m, object('A'), instructor)).not.toContain('supprimer');
    expect(can(m, object('A', { createdBy: { id: 'instructor', side: 'service' } }), instructor)).toContain('supprimer');
    expect(can(m, object('A'), member)).toEqual(['transmettre', 'supprimer']);
  });

  it('derives the per-state options: A edit, consult, remove; C edit, remove, consult; B consult', () => {
    expect(optionsOf(m, object('A'), member)).toEqual({ actions: ['consulter', 'modifier'], events: ['transmettre', 'supprimer'] });
    expect(optionsOf(m, object('C'), member)).toEqual({ actions: ['consulter', 'modifier'], events: ['supprimer', 'retransmettre'] });
    expect(optionsOf(m, object('B'), member)).toEqual({ actions: ['consulter'], events: [] });
    expect(optionsOf(m, object('A'), outsider)).toEqual({ actions: [], events: [] });
  });
  it('offers the RIB change in 2, 6, 7, 8, and in C only once the campaign is closed (spec §4; step 1 changes it otherwise)', () => {
    const states = DOSSIER_STATES;
    const closed = { facts: { complete: false, allCrfReceived: false, campaignClosed: true } };
    expect(states.filter((s) => optionsOf(m, object(s), member).actions.includes('changer_rib'))).toEqual(['2', '6', '7', '8']);
    expect(states.filter((s) => optionsOf(m, object(s, closed), member).actions.includes('changer_rib'))).toEqual(['C', '2', '6', '7', '8']);
    expect(states.filter((s) => optionsOf(m, object(s, closed), lcaAdmin).actions.includes('changer_rib'))).toEqual(['C', '2', '6', '7', '8']);
    expect(states.filter((s) => optionsOf(m, object(s, closed), outsider).actions.includes('changer_rib'))).toEqual([]);
    expect(states.filter((s) => optionsOf(m, object(s, closed), instructor).actions.includes('changer_rib'))).toEqual([]);
  });
});

describe('CRF', () => {
  const m = crfMachine;
  it('is filled (1 → 2), transmitted (→ 4), sent back (4 → 3), transmitted again (3 → 4) and received (4 → 5)', () => {
    const path = walk(m, object('1'), [
      ['enregistrer', member],
      ['transmettre', member],
      ['renvoyer', instructor],
      ['transmettre', member],
      ['receptionner', instructor],
    ]);
    expect(path).toEqual(['1', '2', '4', '3', '4', '5']);
  });
  it('cannot be transmitted before its first save, nor received by the association', () => {
    expect(apply(m, object('1'), 'transmettre', member)).toMatchObject({ ok: false, reason: 'wrong_state' });
    expect(apply(m, object('4'), 'receptionner', member)).toMatchObject({ ok: false, reason: 'guard' });
  });
  it('is editable in 1, 2 and 3 only', () => {
    const editable = ['1', '2', '3', '4', '5'].filter((s) => optionsOf(m, object(s), member).actions.includes('modifier'));
    expect(editable).toEqual(['1', '2', '3']);
  });
});

describe('SIRET request', () => {
  const m = siretRequestMachine;
  const request = (state: string) => object(state, { serviceId: null });

  it('is transmitted by its creator and processed by an LCA admin up to ACC', () => {
    const path = walk(m, request('ECS'), [['transmettre', member], ['traiter', lcaAdmin], ['generer_regent', lcaAdmin], ['accorder', lcaAdmin]]);
    expect(path).toEqual(['ECS', 'AEM', 'ENCT', 'RGEN', 'ACC']);
  });

  it('is reset to ECS only from RGEN or ENCT', () => {
    const resettable = SIRET_REQUEST_STATES.filter((s) => apply(m, request(s), 'reinitialiser', lcaAdmin).ok);
    expect(resettable).toEqual(['ENCT', 'RGEN']);
    expect(apply(m, request('RGEN'), 'reinitialiser', lcaAdmin)).toMatchObject({ ok: true, to: 'ECS' });
    expect(apply(m, request('RGEN'), 'reinitialiser', member)).toMatchObject({ ok: false, reason: 'guard' });
  });

  it('is locked in AEM, ENCT, RGEN, ACC, REF and editable by its creator in ECS and INV', () => {
    expect(SIRET_REQUEST_LOCKED_STATES).toEqual(['AEM', 'ENCT', 'RGEN', 'ACC', 'REF']);
    const editable = SIRET_REQUEST_STATES.filter((s) => optionsOf(m, request(s), member).actions.includes('modifier'));
    expect(editable).toEqual(['ECS', 'INV']);
  });

  it('is seen and transmitted by its creator or an LCA admin only (docs/domain.md « Droits »)', () => {
    const colleague: MachineActor = { ...member, id: 'colleague' };
    expect(optionsOf(m, request('ECS'), colleague)).toEqual({ actions: [], events: [] });
    expect(can(m, request('ECS'), lcaAdmin)).toEqual(['transmettre']);
    expect(walk(m, request('AEM'), [['invalider', lcaAdmin], ['transmettre', member]])).toEqual(['AEM', 'INV', 'AEM']);
  });
});

describe("Pass'Sport dossier", () => {
  const m = passSportMachine;
  it('is processed, paid and refunded by the instructing service (1 → 2 → 3 → 4)', () => {
    const path = walk(m, object('1'), [['traiter', instructor], ['mettre_en_paiement', instructor], ['rembourser', instructor]]);
    expect(path).toEqual(['1', '2', '3', '4']);
  });
  it('is deleted by its creator or a user it is shared with (8), refused (7) or deleted (9) by the service', () => {
    const colleague: MachineActor = { ...member, id: 'colleague' };
    expect(apply(m, object('1'), 'supprimer', colleague)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, object('1', { sharedWith: ['colleague'] }), 'supprimer', colleague)).toMatchObject({ ok: true, to: '8' });
    expect(apply(m, object('2'), 'refuser', instructor)).toMatchObject({ ok: true, to: '7' });
    expect(apply(m, object('2'), 'supprimer_par_le_service', instructor)).toMatchObject({ ok: true, to: '9' });
    expect(apply(m, object('2'), 'supprimer', member)).toMatchObject({ ok: false, reason: 'wrong_state' });
  });
});

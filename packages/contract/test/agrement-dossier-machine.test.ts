// The approval dossier's machine (docs/domain.md « Machines à états »): its key path, who edits it
// in 1-2 (admin, the approval's service, its creator), transmission only when complete, the
// service's decisions.
import { describe, expect, it } from 'vitest';
import { agrementDossierMachine, apply, optionsOf, type MachineActor, type MachineSubject } from '../src/index.ts';

const creator: MachineActor = { id: 'creator', roles: ['lca.association'], associationIds: ['asso1'], serviceIds: [] };
const colleague: MachineActor = { id: 'colleague', roles: ['lca.association'], associationIds: ['asso1'], serviceIds: [] };
const agent: MachineActor = { id: 'agent', roles: ['rds.user'], associationIds: [], serviceIds: ['svc1'] };
const otherAgent: MachineActor = { id: 'other', roles: ['rds.user'], associationIds: [], serviceIds: ['svc2'] };
const lcaAdmin: MachineActor = { id: 'admin', roles: ['lca.admin'], associationIds: [], serviceIds: [] };
const subject = (state: string, complete = true): MachineSubject => ({
  state, associationId: 'asso1', serviceId: 'svc1', createdBy: { id: 'creator', side: 'association' }, facts: { complete },
});
const m = agrementDossierMachine;

describe('agrement_dossier', () => {
  it('goes 1 → 2 → 4 → 5 → 6 and 4 → 7', () => {
    const steps: [string, string, MachineActor, string][] = [['1', 'enregistrer', creator, '2'], ['2', 'transmettre', creator, '4'], ['4', 'ouvrir_instruction', agent, '5'], ['5', 'accorder', agent, '6']];
    for (const [from, event, actor, to] of steps) expect(apply(m, subject(from), event, actor)).toMatchObject({ ok: true, to });
    expect(apply(m, subject('4'), 'refuser', agent)).toMatchObject({ ok: true, to: '7' });
  });

  it('is changed in 1 and 2 by its creator, the approval’s service and admins only', () => {
    for (const actor of [creator, agent, lcaAdmin]) expect(optionsOf(m, subject('2'), actor).actions).toContain('modifier');
    for (const actor of [colleague, otherAgent]) expect(optionsOf(m, subject('2'), actor).actions).not.toContain('modifier');
    for (const state of ['4', '5', '6', '7']) expect(optionsOf(m, subject(state), creator).actions).not.toContain('modifier');
  });

  it('is transmitted only complete, and decided by its service only', () => {
    expect(apply(m, subject('2', false), 'transmettre', creator)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, subject('4'), 'accorder', creator)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, subject('4'), 'accorder', otherAgent)).toMatchObject({ ok: false, reason: 'guard' });
    expect(apply(m, subject('6'), 'refuser', agent)).toMatchObject({ ok: false, reason: 'wrong_state' });
  });
});

// Calls racing on one dossier, over HTTP (docs/domain.md « Machines à états » : two events on one
// object pass one after the other, the second sees the first's state): two transmissions, two
// wizard steps, a deletion against a transmission, two deletions. The loser gets a 4xx with the
// catalogue's French message, never a 500, and nothing is written twice or half.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSIDY_MESSAGES, TRANSITION_MESSAGES } from '@portail/contract';
import type { TestAssociation } from './support/association-factory.ts';
import {
  createCompleteDossier, createDossier, createScheme, dossierCalls, subsidySetting, subventionCode, type ServiceAgent, type SignedIn, type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let second: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  const setting = await subsidySetting(t, {
    service: 'Service départemental',
    association: { representants: [{ courriel: 'presidente@asso.example.org' }, { courriel: 'tresorier@asso.example.org' }] },
    extraServices: ['Service régional'],
  });
  ({ asso, member, agent, scheme } = setting);
  second = setting.extras[0]!;
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);
const transmit = (id: string) => as(member.token).post(`/transmit/${id}`, null);
const remove = (id: string) => as(member.token).del(`/${id}`);
const step = (id: string, body: object) => as(member.token).put(`/${id}`, body);
const statesOf = async (dossierId: string) => (await t.db.dossierInstruction.findMany({ where: { dossierId }, orderBy: { isReferent: 'desc' } })).map((i) => i.etat);
const historyOf = async (dossierId: string) => {
  const instructions = await t.db.dossierInstruction.findMany({ where: { dossierId }, select: { id: true } });
  return t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', objectId: { in: instructions.map((i) => i.id) } }, select: { objectId: true, fromState: true, toState: true } });
};
/** The loser of a race: a refused transition, 409, in French. */
function expectWrongState(response: { status: number; body: { code: string; message: string } }) {
  expect(response.status, JSON.stringify(response.body)).toBe(409);
  expect(response.body.code).toBe('TRANSITION_WRONG_STATE');
  expect(response.body.message).toMatch(/^L'action « .+ » n'est pas possible : l'objet est à l'état « .+ »\./);
}

describe('two transmissions at once', () => {
  it('transmit once: one 200, one 409 in French, one history row per instruction', async () => {
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId, second.serviceId]);
    const answers = await Promise.all([transmit(row.id), transmit(row.idFo)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expectWrongState(answers.find((a) => a.status === 409)!);
    expect(answers.find((a) => a.status === 409)!.body.message).toContain('Transmis au service instructeur');
    expect(await statesOf(row.id)).toEqual(['D', 'D']);
    const history = await historyOf(row.id);
    expect(history.map((h) => `${h.fromState}>${h.toState}`)).toEqual(['A>D', 'A>D']);
    expect(new Set(history.map((h) => h.objectId)).size).toBe(2);
    // The mails of one transmission, not two: one per service.
    const mails = await t.db.mailOutbox.findMany({ where: { text: { contains: row.id } }, select: { to: true } });
    expect(mails.map((m) => m.to).sort()).toEqual([agent.account.email, second.account.email].sort());
  });

  it('refuses to transmit again a dossier already transmitted (409 in French), writing nothing', async () => {
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    expect((await transmit(row.id)).status).toBe(200);
    const again = await transmit(row.id);
    expectWrongState(again);
    expect(await historyOf(row.id)).toHaveLength(1);
  });
});

describe('two wizard steps at once', () => {
  it('leave the dossier as one of them wrote it, its projects following the same applicant', async () => {
    // A scheme of its own: no other dossier of the association on it (no twin for either applicant).
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] }), [agent.serviceId, second.serviceId]);
    const [presidente, tresorier] = await t.db.representantLegal.findMany({ where: { associationId: asso.id }, orderBy: { courriel: 'asc' } });
    for (const rang of [1, 2, 3]) {
      await t.db.projet.create({ data: { dossierId: row.id, rangDossier: rang, intitule: `Projet ${rang}`, exercice: 2026, exerciceFin: 2026, demandeurIdSiret: asso.siege, idResponsable: presidente!.id } });
    }
    const bodies = [
      { id_siret: asso.secondaires[0]!, id_representant_legal: presidente!.id, id_signataire: presidente!.id, id_responsable: presidente!.id, id_rib: null },
      { id_siret: asso.siege, id_representant_legal: tresorier!.id, id_signataire: tresorier!.id, id_responsable: tresorier!.id, id_rib: null },
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(bodies.map((demandeur) => step(row.id, { step: 1, demandeur })));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const dossier = await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } });
      const written = bodies.find((b) => b.id_siret === dossier.idSiret)!;
      expect(written).toBeDefined();
      // Never a mix of the two bodies.
      expect([dossier.idRepresentantLegal, dossier.idSignataire, dossier.idResponsable]).toEqual([written.id_representant_legal, written.id_signataire, written.id_responsable]);
      const projets = await t.db.projet.findMany({ where: { dossierId: row.id } });
      expect(projets.every((p) => p.demandeurIdSiret === dossier.idSiret)).toBe(true);
    }
  });

  it('a step 2 and a step 3 at once: each answers 200 or the French refusal of step 3, and the statut stays coherent', async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { pluriannuel: null });
    const [step2, step3] = await Promise.all([step(row.id, { step: 2, renouvellement: false, pluriannuel: false }), step(row.id, { step: 3 })]);
    expect(step2.status, JSON.stringify(step2.body)).toBe(200);
    if (step3.status !== 200) {
      expect(step3.status).toBe(400);
      expect(step3.body.message).toBe("Le dossier doit être complet pour passer à l'étape suivante.");
    }
    const dossier = await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } });
    expect(dossier.statut).toBe('complet');
    // Step 3 passed only after step 2: then it is the last one written.
    expect(dossier.step).toBe(step3.status === 200 ? 3 : 2);
    // The wizard is not done (no attestation): the machine's fact stays false on every instruction.
    const instructions = await t.db.dossierInstruction.findMany({ where: { dossierId: row.id } });
    expect(instructions.every((i) => !i.complet)).toBe(true);
  });
});

describe('deleting while transmitting', () => {
  it('one wins: either deleted (B, deleted_at) or transmitted (D), never both, the other 409 in French', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId, second.serviceId]);
      // Alternate which call leaves first.
      const calls = round % 2 === 0 ? [remove(row.id), transmit(row.id)] : [transmit(row.id), remove(row.id)];
      const answers = await Promise.all(calls);
      const [deleted, transmitted] = round % 2 === 0 ? answers : [answers[1]!, answers[0]!];
      expect([deleted!.status, transmitted!.status].sort()).toEqual([200, 409]);
      expectWrongState(deleted!.status === 409 ? deleted! : transmitted!);
      const dossier = await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } });
      const history = await historyOf(row.id);
      if (deleted!.status === 200) {
        outcomes.add('deleted');
        expect(await statesOf(row.id)).toEqual(['B', 'B']);
        expect(dossier.deletedAt).not.toBeNull();
        expect(history.map((h) => h.toState)).toEqual(['B', 'B']);
      } else {
        outcomes.add('transmitted');
        expect(await statesOf(row.id)).toEqual(['D', 'D']);
        expect(dossier.deletedAt).toBeNull();
        expect(history.map((h) => h.toState)).toEqual(['D', 'D']);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('two deletions at once: one 200, one 409 in French, one history row per instruction', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId, second.serviceId]);
    const answers = await Promise.all([remove(row.id), remove(row.idFo)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expectWrongState(answers.find((a) => a.status === 409)!);
    expect(await historyOf(row.id)).toHaveLength(2);
    // Deleted: the dossier can no longer be deleted nor transmitted.
    expectWrongState(await remove(row.id));
    expectWrongState(await transmit(row.id));
    expect(TRANSITION_MESSAGES.transitionWrongState('Supprimer le dossier', 'Supprimé')).toBe((await remove(row.id)).body.message);
  });
});

describe('two creations of the same dossier at once', () => {
  it('one 201, the other 409 DOSSIER_EXISTS in French: never two dossiers for one campaign, exercise and SIRET', async () => {
    for (let round = 0; round < 4; round++) {
      const own = await createScheme(t, { serviceIds: [agent.serviceId] });
      const code = await subventionCode(t, own);
      const body = { description: { code_subvention: code, id_sous_type_dispositif: own.sousDispositifId, exercice: 2026 }, demandeur: { id_siret: asso.siege } };
      const create = () => as(member.token).post('', body, { id_asso: asso.id });
      const answers = await Promise.all([create(), create(), create()]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409, 409]);
      for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body).toMatchObject({ code: 'DOSSIER_EXISTS', message: SUBSIDY_MESSAGES.dossierExists });
      expect(await t.db.dossier.count({ where: { subventionId: own.subventionId } })).toBe(1);
    }
  });
});

// The state-machine engine on real PostgreSQL, on a test-only table standing for the
// objects the next issues bring (dossiers, CRF, SIRET requests): one event is one transaction that
// locks the row, checks the machine, writes the state, a history row, an audit entry, notifications
// and mails; refusals (409 wrong state, 403 guard, 400 unknown event, 404 no object) write nothing;
// concurrent events on one object serialise: exactly one wins, no lost update.
import { randomUUID } from 'node:crypto';
import { dossierInstructionMachine, NOTIFICATION_TYPE_IDS, type Role, TRANSITION_MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClaims } from '../src/http/request-context.ts';
import type { WorkflowTarget } from '../src/modules/workflow/index.ts';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { createAccount } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: AuthClaims;
let colleague: AuthClaims;
let instructor: AuthClaims;
let otherInstructor: AuthClaims;
let serviceId: string;
const SERVICE_MAIL = 'instruction@service.example.gouv.fr';

const target: WorkflowTarget = {
  machine: dossierInstructionMachine,
  table: { table: 'test_objects', stateColumn: 'etat', associationColumn: 'association_id' },
  subjectOf: (row) => ({
    serviceId: row.service_id as string | null,
    createdBy: row.created_by ? { id: String(row.created_by), side: row.created_by_side as 'association' | 'service' } : null,
    facts: { complete: row.complete === true, allCrfReceived: false },
  }),
  nameOf: (row) => `Le dossier ${String(row.id).slice(0, 8)}`,
  linkOf: (row) => `/client/dossiers/${String(row.id)}`,
};

async function claimsOf(roles: Role[], service?: { nom: string; email: string }): Promise<AuthClaims> {
  const account = await createAccount(t, { roles, ...(service ? { service } : {}) });
  return { userId: account.id, email: account.email, roles };
}

async function newObject(etat: string, options: { complete?: boolean } = {}) {
  const id = randomUUID();
  await t.db.$executeRawUnsafe(
    `INSERT INTO test_objects (id, association_id, etat, service_id, created_by, created_by_side, complete) VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, 'association', $6)`,
    id, asso.id, etat, serviceId, member.userId, options.complete ?? true,
  );
  return id;
}
const stateOf = async (id: string) =>
  (await t.db.$queryRawUnsafe<{ etat: string }[]>(`SELECT etat FROM test_objects WHERE id = $1::uuid`, id))[0]!.etat;
const historyOf = (id: string) => t.app.services.workflow.history(dossierInstructionMachine.name, id);
const trailOf = (id: string) => t.db.auditEntry.findMany({ where: { associationId: asso.id, entityId: id }, orderBy: { seq: 'asc' } });
const fire = (id: string, event: string, claims: AuthClaims, comment?: string) =>
  t.app.services.workflow.fire({ target, objectId: id, event, claims, comment: comment ?? null });

beforeAll(async () => {
  t = await startTestApp();
  await t.db.$executeRawUnsafe(`CREATE TABLE test_objects (
    id uuid PRIMARY KEY, association_id uuid NOT NULL, etat text NOT NULL, service_id uuid,
    created_by uuid, created_by_side text, complete boolean NOT NULL DEFAULT true)`);
  asso = await createAssociation(t);
  member = await claimsOf(['lca.association']);
  colleague = await claimsOf(['lca.association']);
  await linkUser(t, member.userId, asso);
  await linkUser(t, colleague.userId, asso);
  instructor = await claimsOf(['rds.user'], { nom: 'Service départemental', email: SERVICE_MAIL });
  otherInstructor = await claimsOf(['rds.user'], { nom: 'Autre service', email: 'autre@service.example.gouv.fr' });
  serviceId = (await t.db.serviceAccount.findUniqueOrThrow({ where: { authId: instructor.userId } })).id;
});
afterAll(() => t.close());

describe('one event, one transaction', () => {
  it('writes the state, a history row, an audit entry, the notifications and the mails the event declares', async () => {
    const id = await newObject('A');
    const fired = await fire(id, 'transmettre', member, 'Première transmission');
    expect(fired).toMatchObject({ objectId: id, event: 'transmettre', from: 'A', to: 'D' });
    expect(await stateOf(id)).toBe('D');

    const [history] = await historyOf(id);
    expect(history).toMatchObject({
      id: fired.historyId, machine: 'dossier_instruction', associationId: asso.id, fromState: 'A', toState: 'D',
      event: 'transmettre', actorId: member.userId, actorEmail: member.email, comment: 'Première transmission',
    });
    const [entry] = await trailOf(id);
    expect(entry).toMatchObject({ entity: 'dossier_instruction', action: 'transmettre', actorId: member.userId, before: { etat: 'A' }, after: { etat: 'D', commentaire: 'Première transmission' } });

    // transmettre: the association's other members are notified, the service is mailed; not the actor.
    const notified = await t.db.notification.findMany({ where: { associationId: asso.id, payload: { path: ['objet'], equals: id } } });
    expect(notified.map((n) => n.userId)).toEqual([colleague.userId]);
    expect(notified[0]).toMatchObject({ type: NOTIFICATION_TYPE_IDS.modification_etat_dossier, payload: { de: 'A', vers: 'D', libelle_etat: 'Transmis au service instructeur' } });
    const mails = await t.db.mailOutbox.findMany({ where: { text: { contains: id.slice(0, 8) } } });
    expect(mails.map((m) => m.to)).toEqual([SERVICE_MAIL]);
    expect(mails[0]!.text).toContain(`http://portail.test/client/dossiers/${id}`);
  });

  it('mails every member of the association when the instructing service acts', async () => {
    const id = await newObject('D');
    await fire(id, 'ouvrir_instruction', instructor);
    expect(await stateOf(id)).toBe('2');
    const mails = await t.db.mailOutbox.findMany({ where: { text: { contains: id.slice(0, 8) } } });
    expect(mails.map((m) => m.to).sort()).toEqual([member.email, colleague.email].sort());
    expect(mails[0]!.subject).toBe("Instruction d'un dossier de subvention : En cours d'instruction – Le compte association");
  });
  it('rolls everything back when a later step fails: no state, history, audit entry, notification or mail', async () => {
    const id = await newObject('A');
    // nameOf runs after the state, history, audit and notification writes, before the mails.
    const failing: WorkflowTarget = { ...target, nameOf: () => { throw new Error('mail text failed'); } };
    await expect(t.app.services.workflow.fire({ target: failing, objectId: id, event: 'transmettre', claims: member })).rejects.toThrow('mail text failed');
    expect(await stateOf(id)).toBe('A');
    expect(await historyOf(id)).toEqual([]);
    expect(await trailOf(id)).toEqual([]);
    expect(await t.db.notification.count({ where: { payload: { path: ['objet'], equals: id } } })).toBe(0);
  });
});

describe('refusals write nothing', () => {
  async function expectNothingWritten(id: string, etat: string) {
    expect(await stateOf(id)).toBe(etat);
    expect(await historyOf(id)).toEqual([]);
    expect(await trailOf(id)).toEqual([]);
  }

  it('409 in the wrong state, with the French message', async () => {
    const id = await newObject('D');
    const error = await fire(id, 'transmettre', member).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'TRANSITION_WRONG_STATE', message: TRANSITION_MESSAGES.transitionWrongState('Transmettre au service instructeur', 'Transmis au service instructeur') });
    await expectNothingWritten(id, 'D');
  });

  it('403 when a guard refuses: another service, an incomplete dossier', async () => {
    const id = await newObject('D');
    await expect(fire(id, 'ouvrir_instruction', otherInstructor)).rejects.toMatchObject({ status: 403, code: 'TRANSITION_FORBIDDEN' });
    await expectNothingWritten(id, 'D');
    const incomplete = await newObject('A', { complete: false });
    await expect(fire(incomplete, 'transmettre', member)).rejects.toMatchObject({
      status: 403, message: TRANSITION_MESSAGES.transitionForbidden('Transmettre au service instructeur', 'le dossier doit être complet'),
    });
    await expectNothingWritten(incomplete, 'A');
  });

  it('400 for an event the machine does not know, 404 for an object that does not exist', async () => {
    const id = await newObject('A');
    await expect(fire(id, 'envoyer', member)).rejects.toMatchObject({ status: 400, code: 'TRANSITION_UNKNOWN_EVENT' });
    await expectNothingWritten(id, 'A');
    await expect(fire(randomUUID(), 'transmettre', member)).rejects.toMatchObject({ status: 404 });
  });
});

describe('concurrent events on one object', () => {
  const N = 8;

  it(`${N} identical events at once: exactly one wins, the others get the wrong-state refusal`, async () => {
    const id = await newObject('A');
    const results = await Promise.allSettled(Array.from({ length: N }, () => fire(id, 'transmettre', member)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as { status: number; code: string }).code)).toEqual(Array(N - 1).fill('TRANSITION_WRONG_STATE'));
    expect(await stateOf(id)).toBe('D');
    expect(await historyOf(id)).toHaveLength(1);
    expect(await trailOf(id)).toHaveLength(1);
  });

  it(`${N} competing decisions (grant, refuse, reject) at once: one wins and the state is its target, no lost update`, async () => {
    const id = await newObject('2');
    // After any of the three decisions none of them is possible any more.
    const events = Array.from({ length: N }, (_, i) => ['accorder', 'refuser', 'rejeter'][i % 3]!);
    const results = await Promise.allSettled(events.map((event) => fire(id, event, instructor)));
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.status === 409)).toBe(true);
    expect(await stateOf(id)).toBe(won[0]!.to);
    const history = await historyOf(id);
    expect(history.map((h) => [h.fromState, h.event, h.toState])).toEqual([['2', won[0]!.event, won[0]!.to]]);
  });

  it('a chain of events fired in parallel by both sides ends in one consistent history', async () => {
    const id = await newObject('D');
    // Whatever the order, each accepted event starts from the state the previous one left.
    await Promise.allSettled([fire(id, 'renvoyer', instructor), fire(id, 'retransmettre', member), fire(id, 'ouvrir_instruction', instructor), fire(id, 'renvoyer', instructor)]);
    const history = await historyOf(id);
    let state = 'D';
    for (const h of history) {
      expect(h.fromState).toBe(state);
      state = h.toState;
    }
    expect(await stateOf(id)).toBe(state);
  });
});

// CEC declarations and missions over HTTP (docs/domain.md « Déclarations CEC »): the current session,
// who gets the declarations (a validator is a flagged, not deleted legal representative with the
// caller's e-mail; head office vs secondary establishment scoping of spec §6), the decisions and
// every refusal (reason required, only on a waiting declaration of the current session, one decision
// when two arrive at once), the log and the audit entry written with each decision; the missions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api, CEC_MESSAGES, CEC_NOT_PROCESSED, CEC_REFUSAL_REASONS, CEC_REFUSED, CEC_VALIDATED, CEC_WAITING, cecDeclarationSchema, ERRORS, routeUrl,
} from '@portail/contract';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { cecDeclaration, cecSessions, cecValidator } from './support/cec-fixtures.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, token: string, query: Record<string, string> = {}) =>
  t.http().get(`/api/api-declaration-server${path}`).query(query).set(TOKEN_HEADER, token);
const decide = (id: string, token: string, body: object) => t.http().put(routeUrl(api.cec.updateStatus, { id })).set(TOKEN_HEADER, token).send(body);
const list = (token: string, asso: TestAssociation, idSiret?: string) => get('/declarations', token, { idAsso: asso.id, ...(idSiret ? { idSiret } : {}) });
const codeOf = (key: keyof typeof ERRORS) => ({ status: ERRORS[key].status, code: key });

describe('sessions', () => {
  it('answers 404 with its message while no session is open, then the open one, and lists them all newest first', async () => {
    const caller = await signIn(t);
    const none = await get('/sessions/current', caller.token);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'CEC_NO_CURRENT_SESSION', message: CEC_MESSAGES.noCurrentSession });

    const { current, closed } = await cecSessions(t);
    const open = await get('/sessions/current', caller.token);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toMatchObject({ _id: current.id, session_id: 'TEST-EN-COURS', current: true, annee_activite: 2025 });

    const all = await get('/sessions', caller.token);
    expect(all.status).toBe(200);
    expect(all.body.map((s: { session_id: string; current: boolean }) => [s.session_id, s.current])).toEqual([['TEST-EN-COURS', true], ['TEST-CLOSE', false]]);
    expect(all.body[1]._id).toBe(closed.id);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.http().get('/api/api-declaration-server/sessions')).status).toBe(401);
  });
});

describe('who gets the declarations', () => {
  let asso: TestAssociation;
  beforeAll(async () => {
    asso = await createAssociation(t, { secondaires: 2 });
  });

  it('a head office validator gets those of every establishment without a designated validator, each saying whether it is validable', async () => {
    const validator = await cecValidator(t, asso);
    const waiting = await cecDeclaration(t, asso, { nom: 'Attente' });
    const secondary = await cecDeclaration(t, asso, { etabSiret: asso.secondaires[0], nom: 'Antenne' });
    const validated = await cecDeclaration(t, asso, { status: CEC_VALIDATED, nom: 'Validée' });
    const closed = await cecDeclaration(t, asso, { session: 'closed', nom: 'Close' });
    const notProcessed = await cecDeclaration(t, asso, { session: 'closed', status: CEC_NOT_PROCESSED, nom: 'Oubliée' });

    const response = await list(validator.token, asso);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const byId = new Map(response.body.map((d: { _id: string }) => [d._id, d]));
    expect(byId.size).toBe(5);
    expect(byId.get(waiting.id)).toMatchObject({ status: CEC_WAITING, session: 'TEST-EN-COURS', etab_siret: asso.siege, options: { validable: true } });
    expect(byId.get(secondary.id)).toMatchObject({ etab_siret: asso.secondaires[0], options: { validable: true } });
    expect(byId.get(validated.id)).toMatchObject({ status: CEC_VALIDATED, options: { validable: false } });
    // Waiting, but its session is closed.
    expect(byId.get(closed.id)).toMatchObject({ status: CEC_WAITING, session: 'TEST-CLOSE', options: { validable: false } });
    expect(byId.get(notProcessed.id)).toMatchObject({ status: CEC_NOT_PROCESSED, options: { validable: false } });
    for (const d of response.body) expect(() => cecDeclarationSchema.parse(d)).not.toThrow();

    // idSiret narrows to one establishment.
    const narrowed = await list(validator.token, asso, asso.secondaires[0]);
    expect(narrowed.body.map((d: { _id: string }) => d._id)).toEqual([secondary.id]);
  });

  it("an establishment with a designated validator: only that validator gets its declarations, not the head office's", async () => {
    const other = await createAssociation(t, { secondaires: 1 });
    const head = await cecValidator(t, other);
    const antenna = await cecValidator(t, other, { siret: other.secondaires[0], designatedFor: other.secondaires[0] });
    const ofHead = await cecDeclaration(t, other);
    const ofAntenna = await cecDeclaration(t, other, { etabSiret: other.secondaires[0] });

    expect((await list(head.token, other)).body.map((d: { _id: string }) => d._id)).toEqual([ofHead.id]);
    expect((await list(antenna.token, other)).body.map((d: { _id: string }) => d._id)).toEqual([ofAntenna.id]);
    // The antenna's member asking for the head office's SIRET: not theirs to see.
    const outside = await list(antenna.token, other, other.siege);
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe('NOT_FOUND');
    // The head office may not decide on the antenna's, the antenna may.
    expect((await decide(ofAntenna.id, head.token, { status: CEC_VALIDATED })).body).toMatchObject(codeOf('CEC_DECLARATION_NOT_FOUND'));
    expect((await decide(ofAntenna.id, antenna.token, { status: CEC_VALIDATED })).status).toBe(200);
  });

  it("a secondary establishment's validator gets its establishment's only, even without being designated for it", async () => {
    const other = await createAssociation(t, { secondaires: 2 });
    const antenna = await cecValidator(t, other, { siret: other.secondaires[1] });
    await cecDeclaration(t, other);
    const mine = await cecDeclaration(t, other, { etabSiret: other.secondaires[1] });
    await cecDeclaration(t, other, { etabSiret: other.secondaires[0] });
    expect((await list(antenna.token, other)).body.map((d: { _id: string }) => d._id)).toEqual([mine.id]);
  });

  it.each([
    ['a member who is no representative', async (a: TestAssociation) => {
      const caller = await signIn(t);
      await linkUser(t, caller.account.id, a);
      return caller;
    }],
    ['a member whose representative is not flagged valideur_cec', async (a: TestAssociation) => {
      const caller = await cecValidator(t, a);
      await t.db.representantLegal.update({ where: { id: caller.representant.id }, data: { valideurCec: false } });
      return caller;
    }],
    ['a member whose flagged representative is deleted', async (a: TestAssociation) => {
      const caller = await cecValidator(t, a);
      await t.db.representantLegal.update({ where: { id: caller.representant.id }, data: { deleted: true } });
      return caller;
    }],
    ['a member whose e-mail is not the flagged representative\'s', async (a: TestAssociation) => {
      const caller = await cecValidator(t, a);
      await t.db.representantLegal.update({ where: { id: caller.representant.id }, data: { courriel: 'quelqu-un-d-autre@asso.example.org' } });
      return caller;
    }],
  ])('%s is refused the declarations, the log and the decisions (403)', async (_label, make) => {
    const other = await createAssociation(t);
    const declaration = await cecDeclaration(t, other);
    const caller = await make(other);
    for (const response of [await list(caller.token, other), await get('/logs', caller.token, { idAsso: other.id }), await decide(declaration.id, caller.token, { status: CEC_VALIDATED })]) {
      expect(response.status, JSON.stringify(response.body)).toBe(403);
      expect(response.body).toMatchObject({ code: 'CEC_NOT_VALIDATOR', message: CEC_MESSAGES.notValidator });
    }
    expect((await t.db.cecDeclaration.findUniqueOrThrow({ where: { id: declaration.id } })).status).toBe(CEC_WAITING);
  });

  it('the e-mail matches whatever its case', async () => {
    const other = await createAssociation(t);
    const caller = await cecValidator(t, other);
    await t.db.representantLegal.update({ where: { id: caller.representant.id }, data: { courriel: caller.account.email.toUpperCase() } });
    expect((await list(caller.token, other)).status).toBe(200);
  });

  it('a validator of another association answers as for an unknown one (404), and lca.admin is refused by role', async () => {
    const other = await createAssociation(t);
    const declaration = await cecDeclaration(t, other);
    const stranger = await cecValidator(t, asso);
    expect((await list(stranger.token, other)).body).toMatchObject(codeOf('NOT_FOUND'));
    expect((await decide(declaration.id, stranger.token, { status: CEC_VALIDATED })).body).toMatchObject(codeOf('CEC_DECLARATION_NOT_FOUND'));
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await list(admin.token, other)).status).toBe(403);
    expect((await decide(declaration.id, admin.token, { status: CEC_VALIDATED })).status).toBe(403);
  });
});

describe('decisions', () => {
  let asso: TestAssociation;
  let validator: Awaited<ReturnType<typeof cecValidator>>;
  beforeAll(async () => {
    asso = await createAssociation(t);
    validator = await cecValidator(t, asso);
  });

  it('validates a waiting declaration of the current session: status, who and when, a log row and an audit entry, in one go', async () => {
    const declaration = await cecDeclaration(t, asso, { nom: 'Valide' });
    const response = await decide(declaration.id, validator.token, { status: CEC_VALIDATED });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ _id: declaration.id, status: CEC_VALIDATED, motif_refus_id: null, motif_refus: null, decided_by: validator.account.email, options: { validable: false } });
    expect(response.body.decided_at).toEqual(expect.any(String));

    const logs = await t.db.cecDeclarationLog.findMany({ where: { declarationId: declaration.id } });
    expect(logs).toMatchObject([{ status: CEC_VALIDATED, motifRefusId: null, actorEmail: validator.account.email, etabSiret: asso.siege }]);
    const audit = await t.db.auditEntry.findMany({ where: { associationId: asso.id, entity: 'declaration_cec', entityId: declaration.id } });
    expect(audit).toMatchObject([{ action: 'update', actorEmail: validator.account.email, idSiret: asso.siege, before: { status: CEC_WAITING }, after: { status: CEC_VALIDATED, motif_refus_id: null } }]);
  });

  it('refuses with a reason 0-3, named in the answer and the log', async () => {
    const declaration = await cecDeclaration(t, asso, { nom: 'Refus' });
    const response = await decide(declaration.id, validator.token, { status: CEC_REFUSED, motif_refus_id: 2 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: CEC_REFUSED, motif_refus_id: 2, motif_refus: CEC_REFUSAL_REASONS[2].label });
    const logs = await get('/logs', validator.token, { idAsso: asso.id });
    expect(logs.status).toBe(200);
    expect(logs.body[0]).toMatchObject({ declaration_id: declaration.id, status: CEC_REFUSED, motif_refus_id: 2, motif_refus: CEC_REFUSAL_REASONS[2].label, auteur: validator.account.email, benevole: 'Jeanne Refus', session: 'TEST-EN-COURS' });
  });

  it.each([
    ['a refusal without reason', { status: CEC_REFUSED }, CEC_MESSAGES.reasonRequired],
    ['a refusal with a null reason', { status: CEC_REFUSED, motif_refus_id: null }, CEC_MESSAGES.reasonRequired],
    ['an unknown reason', { status: CEC_REFUSED, motif_refus_id: 4 }, CEC_MESSAGES.unknownReason],
    ['a reason on a validation', { status: CEC_VALIDATED, motif_refus_id: 1 }, CEC_MESSAGES.reasonOnlyForRefusal],
    ['back to waiting', { status: CEC_WAITING }, CEC_MESSAGES.badDecision],
    ['« Non traitée », which only a closed session gives', { status: CEC_NOT_PROCESSED }, CEC_MESSAGES.badDecision],
  ])('refuses %s (400, its message), writing nothing', async (_label, body, message) => {
    const declaration = await cecDeclaration(t, asso);
    const response = await decide(declaration.id, validator.token, body);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await t.db.cecDeclaration.findUniqueOrThrow({ where: { id: declaration.id } })).toMatchObject({ status: CEC_WAITING, decidedAt: null });
    expect(await t.db.cecDeclarationLog.count({ where: { declarationId: declaration.id } })).toBe(0);
  });

  it('refuses a second decision (409) and one on a closed session (409), and an unknown declaration (404)', async () => {
    const declaration = await cecDeclaration(t, asso);
    expect((await decide(declaration.id, validator.token, { status: CEC_VALIDATED })).status).toBe(200);
    const again = await decide(declaration.id, validator.token, { status: CEC_REFUSED, motif_refus_id: 0 });
    expect(again.body).toMatchObject({ ...codeOf('CEC_DECLARATION_DECIDED'), message: CEC_MESSAGES.alreadyDecided });
    expect((await t.db.cecDeclaration.findUniqueOrThrow({ where: { id: declaration.id } })).status).toBe(CEC_VALIDATED);

    const closed = await cecDeclaration(t, asso, { session: 'closed' });
    const late = await decide(closed.id, validator.token, { status: CEC_VALIDATED });
    expect(late.body).toMatchObject({ ...codeOf('CEC_SESSION_CLOSED'), message: CEC_MESSAGES.sessionClosed });
    expect(await t.db.cecDeclarationLog.count({ where: { declarationId: closed.id } })).toBe(0);

    const unknown = await decide('00000000-0000-4000-8000-000000000000', validator.token, { status: CEC_VALIDATED });
    expect(unknown.body).toMatchObject({ ...codeOf('CEC_DECLARATION_NOT_FOUND'), message: CEC_MESSAGES.declarationNotFound });
  });

  it('two decisions at once: one is taken, the other answered 409, one log row', async () => {
    const declaration = await cecDeclaration(t, asso);
    const [a, b] = await Promise.all([
      decide(declaration.id, validator.token, { status: CEC_VALIDATED }),
      decide(declaration.id, validator.token, { status: CEC_REFUSED, motif_refus_id: 3 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await t.db.cecDeclarationLog.count({ where: { declarationId: declaration.id } })).toBe(1);
    expect(await t.db.auditEntry.count({ where: { entity: 'declaration_cec', entityId: declaration.id } })).toBe(1);
  });

  it("the log keeps to the caller's declarations, newest first", async () => {
    const other = await createAssociation(t, { secondaires: 1 });
    const head = await cecValidator(t, other);
    const antenna = await cecValidator(t, other, { siret: other.secondaires[0], designatedFor: other.secondaires[0] });
    const first = await cecDeclaration(t, other);
    const second = await cecDeclaration(t, other);
    const ofAntenna = await cecDeclaration(t, other, { etabSiret: other.secondaires[0] });
    await decide(first.id, head.token, { status: CEC_VALIDATED });
    await decide(second.id, head.token, { status: CEC_REFUSED, motif_refus_id: 0 });
    await decide(ofAntenna.id, antenna.token, { status: CEC_VALIDATED });
    expect((await get('/logs', head.token, { idAsso: other.id })).body.map((l: { declaration_id: string }) => l.declaration_id)).toEqual([second.id, first.id]);
    expect((await get('/logs', antenna.token, { idAsso: other.id })).body.map((l: { declaration_id: string }) => l.declaration_id)).toEqual([ofAntenna.id]);
  });
});

describe('missions (api-dab-server)', () => {
  it('lists the active missions by label', async () => {
    await t.db.mission.createMany({
      data: [
        { code: 'TEST-B', libelle: 'Mission B', description: 'Deuxième', domaine: 'Animation' },
        { code: 'TEST-A', libelle: 'Mission A', description: null, domaine: null },
        { code: 'TEST-OLD', libelle: 'Mission retirée', active: false },
      ],
    });
    const caller = await signIn(t);
    const response = await t.http().get('/api/api-dab-server/missions').set(TOKEN_HEADER, caller.token);
    expect(response.status).toBe(200);
    expect(response.body.map((m: { code: string }) => m.code)).toEqual(['TEST-A', 'TEST-B']);
    expect(response.body[1]).toMatchObject({ libelle: 'Mission B', description: 'Deuxième', domaine: 'Animation' });
  });
});

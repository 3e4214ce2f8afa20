// Calls that mail about a dossier, an association file or an account are limited per account and
// per target object, over HTTP, with the French 429 and Retry-After: two accounts together cannot
// flood one dossier's readers, and one account cannot flood many dossiers. With the default limits,
// 40 messages or notifications in a row meet a 429 and refused calls mail nobody.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { RATE_LIMITS, type AppConfig, type RouteLimit } from '../src/config.ts';
import { createAssociation, createRib, linkUser, OTHER_IBAN, VALID_IBAN, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { ADDRESS_LIMITS, EXTERNAL_LOOKUP_LIMIT_NAMES, OPEN_DATA_LIMIT_NAMES, PROCONNECT_LIMIT_NAMES, WORKLIST_LIMIT_NAMES, type TargetLimit } from './support/rate-limits.ts';
import { createService } from './support/rds-fixtures.ts';
import { createDossier, createScheme, dossierCalls, memberOf, signInService, type SignedIn } from './support/subsidy-fixtures.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

type Response = { status: number; body: Record<string, unknown>; headers: Record<string, string> };

const expectLimited = (response: Response, windowSeconds = 60) => {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  expect(response.body).toMatchObject({ message: MESSAGES.tooManyRequests, status: 429, code: 'TOO_MANY_REQUESTS' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};
const expectServed = (response: Response) => expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);

/** Two callers and two targets of one limit, and one call of a caller on a target. */
interface Setting {
  callers: [string, string];
  targets: [string, string];
  call: (caller: string, target: string) => Promise<Response>;
}

/** An association with two members at its head office, each a token, and a service agent. */
async function associationWithTwoMembers(t: TestApp) {
  const asso = await createAssociation(t);
  const [a, b] = [await memberOf(t, asso), await memberOf(t, asso)] as [SignedIn, SignedIn];
  const agent = await signInService(t);
  const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
  const dossier = (etat: string) => createDossier(t, asso, scheme, [agent.serviceId], { etat });
  return { asso, a, b, agent, dossier };
}

/** One setting per limit that names a target (the others are proved by mail-rate-limit.test.ts). */
const settings: Record<Exclude<TargetLimit, 'accountEmailChange'>, (t: TestApp) => Promise<Setting>> = {
  async dossierNotify(t) {
    const { a, b, dossier } = await associationWithTwoMembers(t);
    const [x, y] = [await dossier('D'), await dossier('D')];
    return { callers: [a.token, b.token], targets: [x.id, y.id], call: (token, id) => dossierCalls(t, token).post(`/${id}/notify`, null, { type: '2' }) };
  },
  async dossierMessage(t) {
    const { a, b, dossier } = await associationWithTwoMembers(t);
    const [x, y] = [await dossier('D'), await dossier('D')];
    return { callers: [a.token, b.token], targets: [x.id, y.id], call: (token, id) => dossierCalls(t, token).post(`/${id}/message`, { message: 'Bonjour' }) };
  },
  async dossierShare(t) {
    const { a, b, dossier } = await associationWithTwoMembers(t);
    const [x, y] = [await dossier('A'), await dossier('A')];
    const other = (token: string) => (token === a.token ? b : a).account.email;
    return { callers: [a.token, b.token], targets: [x.id, y.id], call: (token, id) => dossierCalls(t, token).patch(`/${id}/share`, { email: other(token) }) };
  },
  async dossierChangeMail(t) {
    // A granted dossier's RIB changed: its services are told (mail) each time.
    const { asso, a, b, dossier } = await associationWithTwoMembers(t);
    const ribs = [await createRib(t, asso, asso.siege, VALID_IBAN), await createRib(t, asso, asso.siege, OTHER_IBAN)];
    const [x, y] = [await dossier('2'), await dossier('2')];
    const next = new Map<string, number>();
    return {
      callers: [a.token, b.token],
      targets: [x.id, y.id],
      call: (token, id) => {
        const i = (next.get(id) ?? 0) % 2;
        next.set(id, i + 1);
        return dossierCalls(t, token).put(`/${id}/rib`, { id_rib: ribs[i]!.id });
      },
    };
  },
  async associationFileMail(t) {
    const [x, y] = [await createAssociation(t), await createAssociation(t)];
    const [a, b] = [await signIn(t, { roles: ['lca.association'] }), await signIn(t, { roles: ['lca.association'] })];
    for (const member of [a, b]) for (const asso of [x, y]) await linkUser(t, member.account.id, asso);
    const byId = new Map<string, TestAssociation>([[x.id, x], [y.id, y]]);
    return {
      callers: [a.token, b.token],
      targets: [x.id, y.id],
      call: (token, id) =>
        t
          .http()
          .post('/api/proxy-asso/association/representants_legaux')
          .query({ id_asso: id, id_siret: byId.get(id)!.siege })
          .set(TOKEN_HEADER, token)
          .send({ civilite: 'Mme', nom: 'Petit', prenom: 'Anne', courriel: uniqueEmail('representante'), fonction: 'Secrétaire', telephone: '0611111111' }),
    };
  },
  async serviceAccountMail(t) {
    const [a, b] = [await signIn(t, { roles: ['rds.admin'] }), await signIn(t, { roles: ['rds.admin'] })];
    const [x, y] = [await createService(t), await createService(t)];
    return {
      callers: [a.token, b.token],
      targets: [x.authId, y.authId],
      call: (token, authId) => t.http().patch(`/api/auth-server/services/${authId}`).set(TOKEN_HEADER, token).send({ email: uniqueEmail('service') }),
    };
  },
};

const limits = (limit: RouteLimit) => Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, limit])) as AppConfig['rateLimits'];

describe('each limit per target and per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: limits({ perIp: 1_000, perAccount: 2, windowMs: 60_000, perTarget: 2 }) });
  });
  afterAll(() => t.close());

  it('covers every limit with a target or not proved per address (or per account, worklist.test.ts) elsewhere', () => {
    const covered = [...ADDRESS_LIMITS, ...WORKLIST_LIMIT_NAMES, ...OPEN_DATA_LIMIT_NAMES, ...PROCONNECT_LIMIT_NAMES, ...EXTERNAL_LOOKUP_LIMIT_NAMES, ...Object.keys(settings), 'accountEmailChange'].sort();
    expect(covered).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it.each(Object.keys(settings) as (keyof typeof settings)[])('%s', async (name) => {
    const { callers: [a, b], targets: [x, y], call } = await settings[name](t);
    expectServed(await call(a, x));
    expectServed(await call(b, x));
    // The dossier (file, account) has had its two calls, whoever made them.
    expectLimited(await call(a, x));
    // The first caller has had its two (the refused one counts): refused on another target too.
    expectLimited(await call(a, y));
    // Anybody else on another target is served.
    expectServed(await call(b, y));
  });

  it('accountEmailChange: a new address of one’s own account, per account; other profile changes are not counted', async () => {
    const [a, b] = [await signIn(t), await signIn(t)];
    const change = (who: typeof a, body: object) => t.http().patch(`/api/auth-server/users/${who.account.id}`).set(TOKEN_HEADER, who.token).send(body);
    for (const nom of ['Durand', 'Martin', 'Bernard']) expectServed(await change(a, { nom }));
    expectServed(await change(a, { email: uniqueEmail('nouvelle'), current_password: TEST_PASSWORD }));
    expectServed(await change(a, { email: uniqueEmail('nouvelle'), current_password: TEST_PASSWORD }));
    expectLimited(await change(a, { email: uniqueEmail('nouvelle'), current_password: TEST_PASSWORD }));
    expectServed(await change(b, { email: uniqueEmail('nouvelle'), current_password: TEST_PASSWORD }));
  });

  it('refuses a change of a transmitted dossier that would mail, and keeps nothing of it', async () => {
    const { asso, a, dossier } = await associationWithTwoMembers(t);
    const ribs = [await createRib(t, asso, asso.siege, VALID_IBAN), await createRib(t, asso, asso.siege, OTHER_IBAN)];
    const row = await dossier('2');
    for (const rib of ribs) expectServed(await dossierCalls(t, a.token).put(`/${row.id}/rib`, { id_rib: rib.id }));
    const outbox = await t.db.mailOutbox.count();
    expectLimited(await dossierCalls(t, a.token).put(`/${row.id}/rib`, { id_rib: ribs[0]!.id }));
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } })).idRib).toBe(ribs[1]!.id);
    expect(await t.db.mailOutbox.count()).toBe(outbox);
  });

  it('does not count a stranger’s refused call against the dossier', async () => {
    const { a, b, dossier } = await associationWithTwoMembers(t);
    const row = await dossier('D');
    const stranger = await signIn(t, { roles: ['lca.association'] });
    for (let i = 0; i < 2; i++) expect((await dossierCalls(t, stranger.token).post(`/${row.id}/message`, { message: 'Intrus' })).status).toBe(404);
    // Counted, the stranger's two calls would have used the dossier's two.
    expectServed(await dossierCalls(t, a.token).post(`/${row.id}/message`, { message: 'Bonjour' }));
    expectServed(await dossierCalls(t, b.token).post(`/${row.id}/message`, { message: 'Bonjour' }));
  });
});

describe('with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: Object.fromEntries(Object.entries(RATE_LIMITS).map(([name, { defaults }]) => [name, defaults])) as AppConfig['rateLimits'] });
  });
  afterAll(() => t.close());

  it.each([
    ['message', (id: string, token: string) => dossierCalls(t, token).post(`/${id}/message`, { message: `Relance ${randomUUID()}` })],
    ['notify', (id: string, token: string) => dossierCalls(t, token).post(`/${id}/notify`, null, { type: '2' })],
  ] as const)('40 calls of %s in a row meet a 429, and the refused ones mail nobody', async (_name, call) => {
    const { a, agent, dossier } = await associationWithTwoMembers(t);
    const row = await dossier('D');
    const statuses: number[] = [];
    let mailsAtFirstRefusal: number | null = null;
    for (let i = 0; i < 40; i++) {
      const response = await call(row.id, a.token);
      statuses.push(response.status);
      if (response.status === 429 && mailsAtFirstRefusal === null) {
        expectLimited(response, 3600);
        mailsAtFirstRefusal = await t.db.mailOutbox.count({ where: { to: agent.account.email.toLowerCase() } });
      }
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status < 300).length).toBeLessThanOrEqual(30);
    expect(await t.db.mailOutbox.count({ where: { to: agent.account.email.toLowerCase() } })).toBe(mailsAtFirstRefusal);
  });
});

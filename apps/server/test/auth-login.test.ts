// POST /api/auth-server/login: credentials, normalised e-mail, locked services, unvalidated users,
// default role (docs/domain.md « Session et rôles », « Droits », « Appels de l'API »).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, sessionResponseSchema } from '@portail/contract';
import { createAccount } from './support/factories.ts';
import { jwtPayload, TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.http().post('/api/auth-server/login').send({ email, password });
const BAD_CREDENTIALS = { message: MESSAGES.badCredentials, status: 401, code: 'BAD_CREDENTIALS' };

describe('POST /api/auth-server/login', () => {
  it('opens a session for the right password and answers the contract shape', async () => {
    const account = await createAccount(t, { roles: ['lca.association'] });
    const response = await login(account.email, TEST_PASSWORD);

    expect(response.status).toBe(200);
    const session = sessionResponseSchema.parse(response.body);
    expect(session.user).toMatchObject({
      _id: account.id,
      authId: account.id,
      lcaId: account.associationUser!.id,
      email: account.email,
      role: 'lca.association',
      roles: ['lca.association'],
      enabled: true,
      mustChangePassword: false,
      rds: null,
    });
    // The access token carries the user, the refresh token is stored hashed only.
    const claims = jwtPayload(session.token);
    expect(claims).toMatchObject({ sub: account.id, email: account.email, roles: ['lca.association'] });
    expect(claims.exp - claims.iat).toBe(t.config.accessTokenTtlSeconds);
    const stored = await t.db.refreshToken.findMany({ where: { userId: account.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(session.refreshToken).digest('hex'));
    expect(stored[0]!.tokenHash).not.toContain(session.refreshToken);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).lastLoginAt).not.toBeNull();

    const me = await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, session.token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);
  });

  it('normalises the e-mail: " Foo@X.org " signs in foo@x.org', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const account = await createAccount(t, { email: `foo${suffix}@x.org` });
    const response = await login(` Foo${suffix.toUpperCase()}@X.org `, TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.user._id).toBe(account.id);
    expect(response.body.user.email).toBe(`foo${suffix}@x.org`);
  });

  it('refuses a wrong password with 401 and the French message', async () => {
    const account = await createAccount(t);
    const response = await login(account.email, 'Wrong-Password-2026!');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(BAD_CREDENTIALS);
    expect(response.body).not.toHaveProperty('token');
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const response = await login('personne-inconnue@test.example.org', TEST_PASSWORD);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(BAD_CREDENTIALS);
  });

  it('refuses a locked service account with 403 and the exact message of the spec', async () => {
    const account = await createAccount(t, {
      roles: ['rds.service'],
      service: { nom: 'Service verrouillé', locked: true },
    });
    const response = await login(account.email, TEST_PASSWORD);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      "L'utilisateur a été désactivé. veuiller contacter un administrateur pour le réactiver",
    );
    expect(response.body.status).toBe(403);
    expect(response.body).not.toHaveProperty('token');
    expect(await t.db.refreshToken.count({ where: { userId: account.id } })).toBe(0);
  });

  it('does not reveal a locked account to someone without its password', async () => {
    const account = await createAccount(t, {
      roles: ['rds.service'],
      service: { nom: 'Service verrouillé 2', locked: true },
    });
    const response = await login(account.email, 'Wrong-Password-2026!');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(BAD_CREDENTIALS);
  });

  it('lets a user whose address is not validated yet sign in, with enabled=false', async () => {
    const account = await createAccount(t, { enabled: false });
    const response = await login(account.email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.user.enabled).toBe(false);
  });

  it('reports mustChangePassword', async () => {
    const account = await createAccount(t, { mustChangePassword: true });
    const response = await login(account.email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.user.mustChangePassword).toBe(true);
  });

  it.each([
    { roles: ['lca.association', 'rds.user'], role: 'rds.user' },
    { roles: ['osiris.appli_admin', 'lca.admin'], role: 'lca.admin' },
    { roles: ['osiris.admin-programme'], role: 'osiris.admin-programme' },
    { roles: ['dab.association'], role: 'dab.association' },
  ])(
    'gives the default role $role to a user with roles $roles (RDS, then LCA, then Osiris, else the first)',
    async ({ roles, role }) => {
      const account = await createAccount(t, { roles });
      const response = await login(account.email, TEST_PASSWORD);
      expect(response.status).toBe(200);
      expect(response.body.user.role).toBe(role);
      expect([...response.body.user.roles].sort()).toEqual([...roles].sort());
      expect([...jwtPayload(response.body.token).roles].sort()).toEqual([...roles].sort());
    },
  );

  it('gives a service user its service record', async () => {
    const account = await createAccount(t, {
      roles: ['rds.user'],
      service: { nom: 'SDJES du Gers', email: 'sdjes32@test.example.org', type: 'departement' },
    });
    const response = await login(account.email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.user.rds).toEqual({
      _id: account.serviceAccount!.id,
      nom: 'SDJES du Gers',
      email: 'sdjes32@test.example.org',
      type: 'departement',
      locked: false,
    });
    expect(response.body.user.lcaId).toBeNull();
  });

  it.each([
    [{ password: TEST_PASSWORD }, 'email', MESSAGES.required('adresse e-mail')],
    [{ email: 'pas-une-adresse', password: TEST_PASSWORD }, 'email', MESSAGES.badFormat('adresse e-mail')],
    [{ email: 'a@test.example.org' }, 'password', MESSAGES.required('mot de passe')],
    [{ email: 'a@test.example.org', password: '' }, 'password', MESSAGES.required('mot de passe')],
  ])('refuses the malformed body %j with 400 on field %s', async (body, field, message) => {
    const response = await t.http().post('/api/auth-server/login').send(body);
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.message.startsWith(MESSAGES.invalidForm)).toBe(true);
    expect(response.body.fields[field]).toBe(message);
  });
});

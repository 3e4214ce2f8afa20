// POST /api/auth-server/register: new association accounts, validation mail, existing addresses
// (always 409, never a session), field rules (docs/domain.md « Session et rôles », « Champs », « Appels de l'API »).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, registerResponseSchema, sessionUserSchema } from '@portail/contract';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../src/modules/auth/index.ts';
import { createAccount, signIn } from './support/factories.ts';
import { jwtPayload, registerBody, TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { mailsTo, validationTokenIn, VALIDATION_LINK_PREFIX } from './support/mailbox.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const register = (body: object, query = 'origin=lca&sendValidation=true') =>
  t.http().post(`/api/auth-server/register?${query}`).send(body);

describe('POST /api/auth-server/register', () => {
  it('creates an unvalidated association user and mails the validation link (sendValidation=true)', async () => {
    const body = registerBody({ email: uniqueEmail('Nouveau').toUpperCase() });
    const email = body.email.toLowerCase();
    const before = Date.now();
    const response = await register(body);

    expect(response.status).toBe(201);
    const session = registerResponseSchema.parse(response.body);
    expect(session.roles).toEqual(['lca.association']);
    expect(session.user).toMatchObject({
      email,
      civilite: 'Mme',
      nom: 'Dupont-Lefèvre',
      prenom: 'Élodie',
      role: 'lca.association',
      roles: ['lca.association'],
      enabled: false,
      mustChangePassword: false,
      rds: null,
    });
    expect(jwtPayload(session.token)).toMatchObject({ sub: session.user._id, email, roles: ['lca.association'] });

    const user = await t.db.user.findUniqueOrThrow({
      where: { email },
      include: { associationUser: true, roles: true },
    });
    expect(user.enabled).toBe(false);
    expect(user.origin).toBe('lca');
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(user.passwordHash).not.toContain(TEST_PASSWORD);
    expect(user.roles.map((r) => r.role)).toEqual(['lca.association']);
    expect(user.associationUser).not.toBeNull();
    expect(session.user.lcaId).toBe(user.associationUser!.id);

    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe('STORED');
    expect(mails[0]!.subject).toMatch(/Validez votre adresse e-mail/);
    const token = validationTokenIn(mails[0]!.text);
    expect(mails[0]!.html).toContain(`${VALIDATION_LINK_PREFIX}${token}`);
    const stored = await t.db.oneTimeToken.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.purpose).toBe('VALIDATION');
    expect(stored[0]!.tokenHash).not.toBe(token);
    const ttl = t.config.validationTokenTtlHours * 3_600_000;
    expect(stored[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + ttl - 1000);
    expect(stored[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + ttl + 1000);
  });

  it.each([
    ['Madame', 'Mme'],
    [' MME ', 'Mme'],
    ['monsieur', 'M.'],
    ['Mr', 'M.'],
  ])('stores the civilité %j as %j', async (given, stored) => {
    const body = registerBody({ email: uniqueEmail('civilite'), civilite: given });
    const response = await register(body, 'origin=lca&sendValidation=false');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(registerResponseSchema.parse(response.body).user.civilite).toBe(stored);
    expect((await t.db.user.findUniqueOrThrow({ where: { email: body.email.toLowerCase() } })).civilite).toBe(stored);
  });

  it('sends no mail with sendValidation=false', async () => {
    const body = registerBody();
    const response = await register(body, 'origin=lca&sendValidation=false');
    expect(response.status).toBe(201);
    expect(response.body.user.enabled).toBe(false);
    expect(await mailsTo(t, body.email)).toHaveLength(0);
    expect(await t.db.oneTimeToken.count({ where: { userId: response.body.user._id } })).toBe(0);
  });

  it('sends the validation mail by default (no query)', async () => {
    const body = registerBody();
    const response = await t.http().post('/api/auth-server/register').send(body);
    expect(response.status).toBe(201);
    expect(await mailsTo(t, body.email)).toHaveLength(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { email: body.email } })).origin).toBe('lca');
  });

  it('records the origin given in the query', async () => {
    const body = registerBody();
    const response = await register(body, 'origin=dab&sendValidation=false');
    expect(response.status).toBe(201);
    expect((await t.db.user.findUniqueOrThrow({ where: { email: body.email } })).origin).toBe('dab');
  });

  it('prefers the origin sent in the body to the one of the query', async () => {
    const body = { ...registerBody(), origin: 'lcb' };
    const response = await register(body, 'origin=dab&sendValidation=false');
    expect(response.status).toBe(201);
    expect((await t.db.user.findUniqueOrThrow({ where: { email: body.email } })).origin).toBe('lcb');
  });

  it('refuses an address already linked to an association account with 409, whatever its case', async () => {
    const existing = await createAccount(t, { roles: ['lca.association'] });
    for (const email of [existing.email, `  ${existing.email.toUpperCase()} `]) {
      const response = await register(registerBody({ email }));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: MESSAGES.emailAlreadyLinked, status: 409, code: 'EMAIL_TAKEN' });
    }
    // Even with the right password, an association account is not registered twice.
    const again = await register(registerBody({ email: existing.email, password: TEST_PASSWORD }));
    expect(again.status).toBe(409);
    expect(await t.db.user.count({ where: { email: existing.email } })).toBe(1);
    expect(await mailsTo(t, existing.email)).toHaveLength(0);
  });

  it('answers an existing address with the same 409 whether the password is right or wrong, never a token nor a new role', async () => {
    const accounts = [
      await createAccount(t, { roles: ['dab.association'] }),
      await createAccount(t, { roles: ['lca.association'], enabled: false }),
      await createAccount(t, { roles: ['rds.service'], service: { nom: 'Service verrouillé', locked: true } }),
    ];
    for (const existing of accounts) {
      const right = await register(registerBody({ email: existing.email, password: TEST_PASSWORD }));
      const wrong = await register(registerBody({ email: existing.email, password: 'Autre-Mot-2026!x' }));
      for (const response of [right, wrong]) {
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ message: MESSAGES.emailAlreadyLinked, status: 409, code: 'EMAIL_TAKEN' });
        expect(response.text).not.toMatch(/token/i);
      }
      expect(await t.db.refreshToken.count({ where: { userId: existing.id } })).toBe(0);
      const roles = await t.db.userRole.findMany({ where: { userId: existing.id } });
      expect(roles.map((r) => r.role)).toEqual(existing.roles.map((r) => r.role));
      expect(await mailsTo(t, existing.email)).toHaveLength(0);
    }
  });

  it('spends a password hash on an existing address too (its answer takes about the time of a creation)', async () => {
    const existing = await createAccount(t);
    const timed = async (run: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      return Math.min(...times);
    };
    const hashing = await timed(() => hashPassword(TEST_PASSWORD));
    const conflict = await timed(() => register(registerBody({ email: existing.email })).expect(409));
    expect(conflict).toBeGreaterThanOrEqual(hashing * 0.5);
  });

  it('answers 201 then 409 (never 500) to two simultaneous registrations of one address', async () => {
    for (let i = 0; i < 3; i++) {
      const fresh = registerBody();
      const answers = await Promise.all([1, 2].map(() => register(registerBody({ email: fresh.email }), 'sendValidation=false')));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(MESSAGES.emailAlreadyLinked);
      expect(await t.db.user.count({ where: { email: fresh.email } })).toBe(1);
    }
  });

  it('refuses the account of another site with a wrong password (409) and adds no role', async () => {
    const existing = await createAccount(t, { roles: ['dab.association'] });
    const response = await register(registerBody({ email: existing.email, password: 'Autre-Mot-2026!x' }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MESSAGES.emailAlreadyLinked);
    const roles = await t.db.userRole.findMany({ where: { userId: existing.id } });
    expect(roles.map((r) => r.role)).toEqual(['dab.association']);
    expect(await t.db.associationUser.count({ where: { authId: existing.id } })).toBe(0);
  });

  it('refuses a confirmation that does not match, on field confirm', async () => {
    const body = registerBody({ confirm: `${TEST_PASSWORD}x` });
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ confirm: MESSAGES.passwordsDoNotMatch });
    expect(await t.db.user.count({ where: { email: body.email } })).toBe(0);
  });

  it.each([
    ['too short (11 characters)', 'Abcdefgh1!x'],
    ['without upper case', 'abcdefghij1!'],
    ['without lower case', 'ABCDEFGHIJ1!'],
    ['without digit', 'Abcdefghijk!'],
    ['without punctuation', 'Abcdefghijk1'],
  ])('refuses a password %s with the password rule', async (_label, password) => {
    const body = registerBody({ password, confirm: password });
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.fields).toEqual({ password: MESSAGES.passwordRule });
    expect(response.body.message).toBe(`${MESSAGES.invalidForm} password : ${MESSAGES.passwordRule}`);
    expect(await t.db.user.count({ where: { email: body.email } })).toBe(0);
  });

  it('accepts a password of exactly 12 characters with every kind of character', async () => {
    const password = 'Abcdefghi1!x';
    const response = await register(registerBody({ password, confirm: password }), 'sendValidation=false');
    expect(response.status).toBe(201);
  });

  it.each([
    ['email', { email: 'pas-une-adresse' }, MESSAGES.badFormat('adresse e-mail')],
    ['email', { email: 'a b@test.example.org' }, MESSAGES.badFormat('adresse e-mail')],
    ['civilite', { civilite: 'Dr' }, MESSAGES.badFormat('civilité')],
    ['nom', { nom: 'Dupont2' }, MESSAGES.badFormat('nom')],
    ['prenom', { prenom: 'R2D2' }, MESSAGES.badFormat('prénom')],
    ['nom', { nom: '   ' }, MESSAGES.required('nom')],
  ])('refuses a bad %s (%j) with a French message on that field', async (field, override, message) => {
    const response = await register(registerBody(override as object));
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(response.body.message.startsWith(MESSAGES.invalidForm)).toBe(true);
  });

  it('refuses a missing field with the "required" message', async () => {
    const { prenom: _omitted, ...body } = registerBody();
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ prenom: MESSAGES.required('prénom') });
  });
});

describe('POST /api/auth-server/users/:id/association-role (account from another ministry site)', () => {
  const join = (token: string, id: string) =>
    t.http().post(`/api/auth-server/users/${id}/association-role`).set(TOKEN_HEADER, token);

  it('adds the association role to its own account, signed in: no password travels again', async () => {
    const dab = await signIn(t, { roles: ['dab.user'] });
    const response = await join(dab.token, dab.account.id);
    expect(response.status).toBe(200);
    const user = sessionUserSchema.parse(response.body);
    expect(user.roles.sort()).toEqual(['dab.user', 'lca.association']);
    expect(user.role).toBe('lca.association');
    expect(user.lcaId).not.toBeNull();
    // The same access token now reaches the association side (roles are read as they are now).
    const me = await t.http().get(`/api/lca-server/users/${user.lcaId}`).set(TOKEN_HEADER, dab.token);
    expect(me.status).toBe(200);
  });

  it('answers 409 once the account is an association account', async () => {
    const dab = await signIn(t, { roles: ['dab.user'] });
    expect((await join(dab.token, dab.account.id)).status).toBe(200);
    const again = await join(dab.token, dab.account.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: MESSAGES.alreadyAssociationAccount, code: 'ALREADY_ASSOCIATION_ACCOUNT' });
    const member = await signIn(t);
    expect((await join(member.token, member.account.id)).status).toBe(409);
  });

  it("never touches another person's account, and needs a session", async () => {
    const [dab, other] = [await signIn(t, { roles: ['dab.user'] }), await createAccount(t, { roles: ['lcb.user'] })];
    expect((await join(dab.token, other.id)).status).toBe(403);
    expect(await t.db.userRole.count({ where: { userId: other.id, role: 'lca.association' } })).toBe(0);
    expect((await t.http().post(`/api/auth-server/users/${other.id}/association-role`)).status).toBe(401);
  });
});

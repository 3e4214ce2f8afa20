// The signed-in user's own account: PATCH /users/:id/oauth (password) and PATCH /users/:id
// (identity, changed fields only) (docs/domain.md « Champs », « Appels de l'API »).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, sessionResponseSchema, sessionUserSchema } from '@portail/contract';
import { maskEmail, REPORT_EMAIL_CHANGE_PATH } from '../src/modules/auth/index.ts';
import { createAccount, signIn } from './support/factories.ts';
import { jwtPayload, TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { latestValidationToken, mailsTo, validationTokenIn } from './support/mailbox.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Changement-Mdp-2026;';
const login = (email: string, password = TEST_PASSWORD) =>
  t.http().post('/api/auth-server/login').send({ email, password });
const me = (token: string) => t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);
const refresh = (refreshToken: string) => t.http().get(`/api/auth-server/refreshToken/${refreshToken}`);
const changePassword = (token: string, id: string, body: object) =>
  t.http().patch(`/api/auth-server/users/${id}/oauth`).set(TOKEN_HEADER, token).send(body);
const updateUser = (token: string, id: string, body: object) =>
  t.http().patch(`/api/auth-server/users/${id}`).set(TOKEN_HEADER, token).send(body);
const passwordBody = (old_password: string, new_password: string, new_confirm = new_password) => ({
  old_password,
  new_password,
  new_confirm,
});

describe('PATCH /api/auth-server/users/:id/oauth (password change)', () => {
  it('changes the password, revokes the earlier refresh tokens, returns new tokens and clears mustChangePassword', async () => {
    const { account, token, refreshToken } = await signIn(t, { mustChangePassword: true });
    const otherDevice = await login(account.email);
    expect(otherDevice.status).toBe(200);

    const response = await changePassword(token, account.id, passwordBody(TEST_PASSWORD, NEW_PASSWORD));
    expect(response.status).toBe(200);
    const session = sessionResponseSchema.parse(response.body);
    expect(session.user).toMatchObject({ _id: account.id, mustChangePassword: false });
    expect(session.refreshToken).not.toBe(refreshToken);
    expect(jwtPayload(session.token).sub).toBe(account.id);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).mustChangePassword).toBe(false);

    expect((await refresh(refreshToken)).status).toBe(401);
    expect((await refresh(otherDevice.body.refreshToken)).status).toBe(401);
    expect((await refresh(session.refreshToken)).status).toBe(200);

    expect((await login(account.email)).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('keeps the caller in its own refresh family (fresh pair, no second family) and ends every other session, access tokens included', async () => {
    const { account, token, refreshToken } = await signIn(t);
    const otherDevice = await login(account.email);
    const family = jwtPayload(token).sid;
    expect(family).toBeDefined();

    const response = await changePassword(token, account.id, passwordBody(TEST_PASSWORD, NEW_PASSWORD));
    expect(response.status).toBe(200);
    expect(jwtPayload(response.body.token).sid).toBe(family);
    const live = await t.db.refreshToken.findMany({ where: { userId: account.id, revokedAt: null } });
    expect(live.map((row) => row.familyId)).toEqual([family]);

    // Access tokens signed before the change stop working at once, on this device and the others.
    for (const old of [token, otherDevice.body.token as string]) {
      const refused = await me(old);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: MESSAGES.sessionExpired, status: 401, code: 'SESSION_REVOKED' });
    }
    expect((await refresh(refreshToken)).status).toBe(401);
    expect((await me(response.body.token)).status).toBe(200);
    // Logging out of the current session ends the family the fresh pair belongs to.
    expect((await t.http().post('/api/auth-server/logout').send({ refreshToken: response.body.refreshToken })).status).toBe(200);
    expect(await t.db.refreshToken.count({ where: { userId: account.id, revokedAt: null } })).toBe(0);
  });

  it('refuses a wrong old password with 400 on old_password, and changes nothing', async () => {
    const { account, token, refreshToken } = await signIn(t);
    const response = await changePassword(token, account.id, passwordBody('Pas-Le-Bon-2026!', NEW_PASSWORD));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: MESSAGES.wrongOldPassword,
      status: 400,
      code: 'WRONG_PASSWORD',
      fields: { old_password: MESSAGES.wrongOldPassword },
    });
    expect((await refresh(refreshToken)).status).toBe(200);
    expect((await login(account.email)).status).toBe(200);
  });

  it('refuses a new password equal to the old one with 400', async () => {
    const { account, token } = await signIn(t);
    const response = await changePassword(token, account.id, passwordBody(TEST_PASSWORD, TEST_PASSWORD));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: MESSAGES.samePassword,
      status: 400,
      fields: { new_password: MESSAGES.samePassword },
    });
  });

  it('refuses a confirmation that does not match with 400 on new_confirm', async () => {
    const { account, token } = await signIn(t);
    const response = await changePassword(
      token,
      account.id,
      passwordBody(TEST_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`),
    );
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ new_confirm: MESSAGES.passwordsDoNotMatch });
    expect((await login(account.email)).status).toBe(200);
  });

  it('refuses a weak new password with the password rule', async () => {
    const { account, token } = await signIn(t);
    const response = await changePassword(token, account.id, passwordBody(TEST_PASSWORD, 'motdepasse'));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ new_password: MESSAGES.passwordRule });
  });

  it("refuses to change another user's password with 403", async () => {
    const { token } = await signIn(t);
    const victim = await createAccount(t);
    const response = await changePassword(token, victim.id, passwordBody(TEST_PASSWORD, NEW_PASSWORD));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MESSAGES.forbidden, status: 403, code: 'FORBIDDEN' });
    expect((await login(victim.email)).status).toBe(200);

    const unknown = await changePassword(token, randomUUID(), passwordBody(TEST_PASSWORD, NEW_PASSWORD));
    expect(unknown.status).toBe(403);
  });

  it('refuses an id that is not a UUID with 400', async () => {
    const { token } = await signIn(t);
    const response = await changePassword(token, 'pas-un-id', passwordBody(TEST_PASSWORD, NEW_PASSWORD));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ id: MESSAGES.badFormat('identifiant') });
  });
});

describe('PATCH /api/auth-server/users/:id (identity)', () => {
  it('applies only the changed fields and mints no token (no second refresh family)', async () => {
    const { account, token, refreshToken } = await signIn(t);
    const response = await updateUser(token, account.id, {
      nom: 'Durand',
      prenom: account.prenom,
      civilite: account.civilite,
    });
    expect(response.status).toBe(200);
    const user = sessionUserSchema.parse(response.body);
    expect(user).toMatchObject({
      nom: 'Durand',
      prenom: account.prenom,
      civilite: account.civilite,
      email: account.email,
      pendingEmail: null,
      enabled: true,
    });
    expect(response.body).not.toHaveProperty('token');
    expect(response.body).not.toHaveProperty('refreshToken');
    expect(await t.db.refreshToken.count({ where: { userId: account.id } })).toBe(1);
    // The caller's session goes on.
    expect((await refresh(refreshToken)).status).toBe(200);

    const stored = await t.db.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(stored).toMatchObject({
      nom: 'Durand',
      prenom: account.prenom,
      civilite: account.civilite,
      email: account.email,
      enabled: true,
    });
    // Changing the name sends no mail.
    expect(await mailsTo(t, account.email)).toHaveLength(0);
  });

  it("answers 400 'Nothing to update.' when no field changes", async () => {
    const { account, token } = await signIn(t);
    for (const body of [
      {},
      { nom: account.nom },
      { civilite: account.civilite, prenom: account.prenom },
      { email: account.email.toUpperCase(), current_password: TEST_PASSWORD },
    ]) {
      const response = await updateUser(token, account.id, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Nothing to update.', status: 400, code: 'NOTHING_TO_UPDATE' });
    }
  });

  it('stores a civilité in one form: another spelling of the stored one is no change', async () => {
    const { account, token } = await signIn(t);
    expect(account.civilite).toBe('Mme');
    const same = await updateUser(token, account.id, { civilite: 'Madame' });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('NOTHING_TO_UPDATE');
    const changed = await updateUser(token, account.id, { civilite: ' monsieur ' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(sessionUserSchema.parse(changed.body).civilite).toBe('M.');
    expect((await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).civilite).toBe('M.');
  });

  it('refuses an unknown field with 400 and changes nothing', async () => {
    const { account, token } = await signIn(t);
    const response = await updateUser(token, account.id, { nom: 'Durand', roles: ['lca.admin'] });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    const user = await t.db.user.findUniqueOrThrow({ where: { id: account.id }, include: { roles: true } });
    expect(user.nom).toBe(account.nom);
    expect(user.roles.map((r) => r.role)).toEqual(['lca.association']);
  });

  it('refuses malformed fields with French messages', async () => {
    const { account, token } = await signIn(t);
    const response = await updateUser(token, account.id, { nom: 'Dur4nd', civilite: 'Mlle', email: 'pas-une-adresse' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      nom: MESSAGES.badFormat('nom'),
      civilite: MESSAGES.badFormat('civilité'),
      email: MESSAGES.badFormat('adresse e-mail'),
    });
  });

  it('refuses an address taken by another account with 409', async () => {
    const { account, token } = await signIn(t);
    const other = await createAccount(t);
    const response = await updateUser(token, account.id, { email: other.email, current_password: TEST_PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MESSAGES.emailAlreadyLinked, status: 409, code: 'EMAIL_TAKEN' });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).email).toBe(account.email);
  });

  it('refuses a new address without the current password, or with a wrong one (400 on current_password), and changes nothing', async () => {
    const { account, token } = await signIn(t);
    const newEmail = uniqueEmail('sans-mdp');
    const missing = await updateUser(token, account.id, { email: newEmail });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ current_password: MESSAGES.currentPasswordRequired });
    const wrong = await updateUser(token, account.id, { email: newEmail, current_password: 'Pas-Le-Bon-2026!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: MESSAGES.wrongCurrentPassword,
      status: 400,
      code: 'WRONG_PASSWORD',
      fields: { current_password: MESSAGES.wrongCurrentPassword },
    });
    const user = await t.db.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(user).toMatchObject({ email: account.email, pendingEmail: null, enabled: true });
    expect(await mailsTo(t, newEmail)).toHaveLength(0);
    expect(await mailsTo(t, account.email)).toHaveLength(0);
  });

  it('keeps a new address pending until its link is used: the old one stays the login and gets a notice with a report link', async () => {
    const { account, token } = await signIn(t);
    const newEmail = uniqueEmail('nouvelle');
    const response = await updateUser(token, account.id, {
      email: `  ${newEmail.toUpperCase()} `,
      current_password: TEST_PASSWORD,
    });

    expect(response.status).toBe(200);
    expect(sessionUserSchema.parse(response.body)).toMatchObject({ email: account.email, pendingEmail: newEmail, enabled: true });
    expect(await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({
      email: account.email,
      pendingEmail: newEmail,
      enabled: true,
    });
    // Meanwhile the old address is still the login, the new one is not, and the session goes on.
    expect((await login(account.email)).status).toBe(200);
    expect((await login(newEmail)).status).toBe(401);
    expect((await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token)).body.pendingEmail).toBe(newEmail);

    const [notice] = await mailsTo(t, account.email);
    expect(notice!.text).toContain(maskEmail(newEmail));
    expect(notice!.text).not.toContain(newEmail);
    expect(notice!.text).toContain(`http://portail.test/client${REPORT_EMAIL_CHANGE_PATH}`);
    expect(notice!.text).not.toMatch(/validate\//);

    const mails = await mailsTo(t, newEmail);
    expect(mails).toHaveLength(1);
    const validate = await t.http().post(`/api/auth-server/validate/${validationTokenIn(mails[0]!.text)}`);
    expect(validate.status).toBe(200);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      enabled: true,
    });
    expect((await login(account.email)).status).toBe(401);
    expect((await login(newEmail)).status).toBe(200);
  });

  it('validating an address that was replaced by a later change does nothing (only the pending one becomes the login)', async () => {
    const { account, token } = await signIn(t);
    const [first, second] = [uniqueEmail('premiere'), uniqueEmail('seconde')];
    for (const email of [first, second]) {
      expect((await updateUser(token, account.id, { email, current_password: TEST_PASSWORD })).status).toBe(200);
    }
    // The first link was voided by the second request.
    const stale = await t.http().post(`/api/auth-server/validate/${await latestValidationToken(t, first)}`);
    expect(stale.status).toBe(400);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: account.id } })).email).toBe(account.email);
  });

  it('answers 200 then 409 (never 500) when two users validate one new address', async () => {
    for (let i = 0; i < 3; i++) {
      const [a, b] = await Promise.all([signIn(t), signIn(t)]);
      const email = uniqueEmail('convoitee');
      const answers = await Promise.all(
        [a, b].map((caller) => updateUser(caller.token, caller.account.id, { email, current_password: TEST_PASSWORD })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const tokens = (await mailsTo(t, email)).map((mail) => validationTokenIn(mail.text));
      const validations = await Promise.all(tokens.map((token) => t.http().post(`/api/auth-server/validate/${token}`)));
      expect(validations.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(validations.find((answer) => answer.status === 409)!.body.message).toBe(MESSAGES.emailAlreadyLinked);
      expect(await t.db.user.count({ where: { email } })).toBe(1);
    }
  });

  it('gives no new session to a service locked after sign-in (403 userLocked on both PATCH routes)', async () => {
    const { account, token } = await signIn(t, { roles: ['rds.service'] });
    await t.db.serviceAccount.update({ where: { authId: account.id }, data: { locked: true } });
    const locked = { message: MESSAGES.userLocked, status: 403, code: 'USER_LOCKED' };

    const identity = await updateUser(token, account.id, { nom: 'Verrou' });
    expect(identity.status).toBe(403);
    expect(identity.body).toEqual(locked);
    const password = await changePassword(token, account.id, passwordBody(TEST_PASSWORD, NEW_PASSWORD));
    expect(password.status).toBe(403);
    expect(password.body).toEqual(locked);

    const user = await t.db.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(user.nom).toBe(account.nom);
    expect(user.passwordHash).toBe(account.passwordHash);
    expect(await t.db.refreshToken.count({ where: { userId: account.id } })).toBe(1);
  });

  it("refuses to change another user's identity with 403", async () => {
    const { token } = await signIn(t);
    const victim = await createAccount(t);
    const response = await updateUser(token, victim.id, { nom: 'Pirate' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.forbidden);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: victim.id } })).nom).toBe(victim.nom);
  });
});

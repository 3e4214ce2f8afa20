// Forgotten password: POST /forgotPassword/:email and POST /resetPassword/:token (docs/domain.md « Appels de l'API »).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, sessionResponseSchema } from '@portail/contract';
import { createAccount } from './support/factories.ts';
import { uniqueEmail } from './support/http-helpers.ts';
import { latestResetToken, latestValidationToken, mailsTo, RESET_LINK_PREFIX } from './support/mailbox.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nouveau-Secret-2026?';
const forgotPassword = (email: string) =>
  t.http().post(`/api/auth-server/forgotPassword/${encodeURIComponent(email)}?origin=lca`);
const resetPassword = (token: string, password = NEW_PASSWORD, confirm = password) =>
  t.http().post(`/api/auth-server/resetPassword/${token}`).send({ password, confirm });
const login = (email: string, password: string) => t.http().post('/api/auth-server/login').send({ email, password });
const refresh = (refreshToken: string) => t.http().get(`/api/auth-server/refreshToken/${refreshToken}`);

describe('POST /api/auth-server/forgotPassword/:email', () => {
  it('answers the same for an unknown and a known address, and mails only the known one', async () => {
    const account = await createAccount(t);
    const unknown = uniqueEmail('inconnu');
    const [known, notKnown] = await Promise.all([forgotPassword(account.email), forgotPassword(unknown)]);

    expect(known.status).toBe(200);
    expect(notKnown.status).toBe(known.status);
    expect(known.body).toEqual({ message: MESSAGES.forgotPasswordSent });
    expect(notKnown.body).toEqual(known.body);

    expect(await mailsTo(t, unknown)).toHaveLength(0);
    const mails = await mailsTo(t, account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Réinitialisation de votre mot de passe/);
    // Link: <public URL>/client/mot-de-passe-oublie/<43-character base64url token>
    expect(mails[0]!.text).toMatch(/http:\/\/portail\.test\/client\/mot-de-passe-oublie\/[A-Za-z0-9_-]{43}(\s|$)/);
    expect(mails[0]!.text).toContain(`valable ${t.config.resetTokenTtlMinutes} minutes`);
    const token = await latestResetToken(t, account.email);
    expect(mails[0]!.html).toContain(`href="${RESET_LINK_PREFIX}${token}"`);
    const stored = await t.db.oneTimeToken.findMany({ where: { userId: account.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.purpose).toBe('PASSWORD_RESET');
    expect(stored[0]!.tokenHash).not.toBe(token);
  });

  it('normalises the address of the path', async () => {
    const account = await createAccount(t);
    const response = await forgotPassword(account.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(await mailsTo(t, account.email)).toHaveLength(1);
  });

  it('refuses a malformed address with 400', async () => {
    const response = await forgotPassword('pas-une-adresse');
    expect(response.status).toBe(400);
    expect(response.body.fields.email).toBe(MESSAGES.badFormat('adresse e-mail'));
  });
});

describe('POST /api/auth-server/resetPassword/:token', () => {
  it('sets the new password once, revokes every session, clears mustChangePassword and opens a session', async () => {
    const account = await createAccount(t, { mustChangePassword: true, enabled: false });
    // Two sessions open before the reset.
    const sessions = await Promise.all([login(account.email, TEST_PASSWORD), login(account.email, TEST_PASSWORD)]);
    for (const session of sessions) expect(session.status).toBe(200);

    await forgotPassword(account.email);
    const token = await latestResetToken(t, account.email);
    const response = await resetPassword(token);

    expect(response.status).toBe(200);
    const session = sessionResponseSchema.parse(response.body);
    expect(session.user).toMatchObject({
      _id: account.id,
      email: account.email,
      mustChangePassword: false,
      enabled: true,
    });
    const user = await t.db.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(user.mustChangePassword).toBe(false);
    // The link proves the address.
    expect(user.enabled).toBe(true);

    // Every earlier refresh token is revoked; the new one works.
    for (const old of sessions) expect((await refresh(old.body.refreshToken)).status).toBe(401);
    const open = await t.db.refreshToken.findMany({ where: { userId: account.id, revokedAt: null } });
    expect(open).toHaveLength(1);
    expect((await refresh(session.refreshToken)).status).toBe(200);

    // Old password refused, new one accepted.
    expect((await login(account.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);

    // The link works once.
    const again = await resetPassword(token, 'Encore-Autre-2026!');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.invalidToken, status: 400, code: 'INVALID_TOKEN' });
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const account = await createAccount(t);
    await forgotPassword(account.email);
    const token = await latestResetToken(t, account.email);
    await t.db.oneTimeToken.updateMany({
      where: { userId: account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const response = await resetPassword(token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.tokenExpired, status: 400, code: 'TOKEN_EXPIRED' });
    expect((await login(account.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('voids the previous link when a new one is asked for', async () => {
    const account = await createAccount(t);
    await forgotPassword(account.email);
    const first = await latestResetToken(t, account.email);
    await forgotPassword(account.email);
    const second = await latestResetToken(t, account.email);
    expect(second).not.toBe(first);

    expect((await resetPassword(first)).status).toBe(400);
    expect((await resetPassword(second)).status).toBe(200);
  });

  it('checks the confirmation and the password rule before using the link', async () => {
    const account = await createAccount(t);
    await forgotPassword(account.email);
    const token = await latestResetToken(t, account.email);

    const mismatch = await resetPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ confirm: MESSAGES.passwordsDoNotMatch });

    const weak = await resetPassword(token, 'faible');
    expect(weak.status).toBe(400);
    expect(weak.body.fields).toEqual({ password: MESSAGES.passwordRule });

    // The link is still usable after refused attempts.
    expect((await resetPassword(token)).status).toBe(200);
  });

  it('does not accept a validation token as a reset token', async () => {
    const account = await createAccount(t, { enabled: false });
    await t.http().post('/api/auth-server/sendValidationMail').send({ email: account.email });
    const validationToken = await latestValidationToken(t, account.email);
    const response = await resetPassword(validationToken);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MESSAGES.invalidToken);
    expect((await login(account.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses a locked service even with a valid link', async () => {
    const account = await createAccount(t, {
      roles: ['rds.service'],
      service: { nom: 'Service verrouillé', locked: true },
    });
    await forgotPassword(account.email);
    const response = await resetPassword(await latestResetToken(t, account.email));
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.userLocked);
    expect(response.body).not.toHaveProperty('token');
  });
});

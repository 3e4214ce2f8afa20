// Address validation: POST /sendValidationMail and POST /validate/:token (docs/domain.md « Appels de l'API »).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { createAccount } from './support/factories.ts';
import { uniqueEmail } from './support/http-helpers.ts';
import { latestValidationToken, mailsTo, validationTokenIn } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sendValidationMail = (email: string) =>
  t.http().post('/api/auth-server/sendValidationMail').send({ email, origin: 'lca' });
const validate = (token: string) => t.http().post(`/api/auth-server/validate/${token}`);
const isEnabled = async (id: string) => (await t.db.user.findUniqueOrThrow({ where: { id } })).enabled;
const SENT = { message: MESSAGES.validationMailSent };
const INVALID_TOKEN = { message: MESSAGES.invalidToken, status: 400, code: 'INVALID_TOKEN' };

describe('POST /api/auth-server/sendValidationMail', () => {
  it('answers the same for an unknown, an unvalidated and a validated address', async () => {
    const unvalidated = await createAccount(t, { enabled: false });
    const validated = await createAccount(t, { enabled: true });
    const unknown = uniqueEmail('inconnu');

    const answers = await Promise.all([unknown, unvalidated.email, validated.email].map(sendValidationMail));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(SENT);
    }
    // A mail only for the existing unvalidated account.
    expect(await mailsTo(t, unknown)).toHaveLength(0);
    expect(await mailsTo(t, validated.email)).toHaveLength(0);
    expect(await mailsTo(t, unvalidated.email)).toHaveLength(1);
  });

  it('normalises the address', async () => {
    const account = await createAccount(t, { enabled: false });
    const answer = await sendValidationMail(`  ${account.email.toUpperCase()}  `);
    expect(answer.status).toBe(200);
    expect(await mailsTo(t, account.email)).toHaveLength(1);
  });

  it('refuses a malformed address with 400', async () => {
    const answer = await sendValidationMail('pas-une-adresse');
    expect(answer.status).toBe(400);
    expect(answer.body.fields.email).toBe(MESSAGES.badFormat('adresse e-mail'));
  });

  it('voids the previous link when a new one is sent', async () => {
    const account = await createAccount(t, { enabled: false });
    await sendValidationMail(account.email);
    const first = await latestValidationToken(t, account.email);
    await sendValidationMail(account.email);
    const second = await latestValidationToken(t, account.email);
    expect(second).not.toBe(first);

    const old = await validate(first);
    expect(old.status).toBe(400);
    expect(old.body).toEqual(INVALID_TOKEN);
    expect(await isEnabled(account.id)).toBe(false);

    const fresh = await validate(second);
    expect(fresh.status).toBe(200);
    expect(await isEnabled(account.id)).toBe(true);
  });
});

describe('POST /api/auth-server/validate/:token', () => {
  it('enables the account once; the link cannot be used again', async () => {
    const account = await createAccount(t, { enabled: false });
    await sendValidationMail(account.email);
    const token = await latestValidationToken(t, account.email);

    const first = await validate(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: MESSAGES.accountValidated, adresse: 'connexion' });
    expect(await isEnabled(account.id)).toBe(true);

    const second = await validate(token);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(INVALID_TOKEN);
  });

  it('refuses an expired link with the token-expired message and leaves the account disabled', async () => {
    const account = await createAccount(t, { enabled: false });
    await sendValidationMail(account.email);
    const token = await latestValidationToken(t, account.email);
    await t.db.oneTimeToken.updateMany({
      where: { userId: account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const response = await validate(token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.tokenExpired, status: 400, code: 'TOKEN_EXPIRED' });
    expect(await isEnabled(account.id)).toBe(false);
  });

  it('refuses an unknown or too short token', async () => {
    const unknown = await validate(randomBytes(32).toString('base64url'));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(INVALID_TOKEN);

    const short = await validate('abc');
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ token: MESSAGES.invalidToken });
  });

  it('does not accept a password-reset token as a validation token', async () => {
    const account = await createAccount(t, { enabled: false });
    await t.http().post(`/api/auth-server/forgotPassword/${encodeURIComponent(account.email)}`);
    const [mail] = await mailsTo(t, account.email);
    const resetToken = /mot-de-passe-oublie\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const response = await validate(resetToken);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect(await isEnabled(account.id)).toBe(false);
  });

  it('keeps the validation link of registration working', async () => {
    const email = uniqueEmail('inscrit');
    const password = 'Inscription-2026!';
    const registered = await t
      .http()
      .post('/api/auth-server/register?origin=lca&sendValidation=true')
      .send({ email, password, confirm: password, civilite: 'M.', nom: 'Martin', prenom: 'Paul' });
    expect(registered.status).toBe(201);
    const [mail] = await mailsTo(t, email);
    const response = await validate(validationTokenIn(mail!.text));
    expect(response.status).toBe(200);
    expect(await isEnabled(registered.body.user._id)).toBe(true);

    const login = await t.http().post('/api/auth-server/login').send({ email, password });
    expect(login.status).toBe(200);
    expect(login.body.user.enabled).toBe(true);
  });
});

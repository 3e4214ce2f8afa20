// docs/domain.md « Parcours » entry checks enforced by the server: an account whose address is not validated, or that
// must change its password, or whose service is locked, is refused on every non-public route
// (403 with a French message and a code the client follows), except the routes the contract exempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { createAssociation, VALID_BIC, VALID_IBAN, linkUser, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { latestValidationToken } from './support/mailbox.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t);
});
afterAll(() => t.close());

const NOT_VALIDATED = { message: MESSAGES.emailNotValidated, status: 403, code: 'EMAIL_NOT_VALIDATED' };
const MUST_CHANGE_PASSWORD = { message: MESSAGES.passwordChangeRequired, status: 403, code: 'PASSWORD_CHANGE_REQUIRED' };

const me = (token: string) => t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);
const join = (token: string, lcaId: string) =>
  t
    .http()
    .patch(`/api/lca-server/users/${lcaId}`)
    .set(TOKEN_HEADER, token)
    .send({ associations: [{ id_correspondance: asso.id, id_siret: asso.siege }] });
const addRib = (token: string) =>
  t
    .http()
    .post('/api/proxy-asso/association/ribs')
    .query({ id_asso: asso.id, id_siret: asso.siege })
    .set(TOKEN_HEADER, token)
    .send({ titulaire: 'Entrée', iban: VALID_IBAN, bic: VALID_BIC });

describe('an account whose e-mail address is not validated', () => {
  it('cannot join an association (403 EMAIL_NOT_VALIDATED) and no link is made', async () => {
    const caller = await signIn(t, { enabled: false });
    const response = await join(caller.token, caller.user.lcaId);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(NOT_VALIDATED);
    expect(await t.db.userAssociation.count({ where: { associationUserId: caller.user.lcaId } })).toBe(0);
  });

  it('cannot add a RIB, even to an association it is linked to, and no RIB is written', async () => {
    const caller = await signIn(t, { enabled: false });
    await linkUser(t, caller.account.id, asso);
    await t.db.rib.deleteMany({ where: { idSiret: asso.siege } });
    const response = await addRib(caller.token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(NOT_VALIDATED);
    expect(await t.db.rib.count({ where: { idSiret: asso.siege } })).toBe(0);
  });

  it('reads its own session (GET /me, 200) and gets through once its validation link is used', async () => {
    const caller = await signIn(t, { enabled: false });
    const session = await me(caller.token);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ _id: caller.account.id, enabled: false });

    await t.http().post('/api/auth-server/sendValidationMail').send({ email: caller.account.email });
    const validated = await t.http().post(`/api/auth-server/validate/${await latestValidationToken(t, caller.account.email)}`);
    expect(validated.status).toBe(200);
    // The same access token: the state is read from the database on each call, not from the token.
    expect((await join(caller.token, caller.user.lcaId)).status).toBe(200);
  });
});

describe('an account that must change its password', () => {
  it('is refused on a normal route, changes its password, then gets through with the new token', async () => {
    const caller = await signIn(t, { mustChangePassword: true });
    const refused = await join(caller.token, caller.user.lcaId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(MUST_CHANGE_PASSWORD);
    expect((await me(caller.token)).status).toBe(200);

    const newPassword = 'Premier-Changement-2026!';
    const changed = await t
      .http()
      .patch(`/api/auth-server/users/${caller.account.id}/oauth`)
      .set(TOKEN_HEADER, caller.token)
      .send({ old_password: TEST_PASSWORD, new_password: newPassword, new_confirm: newPassword });
    expect(changed.status).toBe(200);
    expect(changed.body.user.mustChangePassword).toBe(false);

    expect((await join(changed.body.token, caller.user.lcaId)).status).toBe(200);
  });
});

describe('a service account locked after sign-in', () => {
  it('is refused on every authenticated route with 403 USER_LOCKED', async () => {
    const caller = await signIn(t, { roles: ['rds.user'] });
    expect((await t.http().get(`/api/rds-server/users/${caller.account.id}`).set(TOKEN_HEADER, caller.token)).status).toBe(200);
    await t.db.serviceAccount.update({ where: { authId: caller.account.id }, data: { locked: true } });
    const response = await t.http().get(`/api/rds-server/users/${caller.account.id}`).set(TOKEN_HEADER, caller.token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MESSAGES.userLocked, status: 403, code: 'USER_LOCKED' });
  });
});

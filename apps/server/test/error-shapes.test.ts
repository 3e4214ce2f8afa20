// Every error answers { message, status, code } in French (docs/domain.md « Erreurs et messages »): malformed JSON, bodies over
// the limit, wrong content types, validation errors, unknown routes, and unexpected server errors
// (which never show internals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The forced 500 below is logged as an error on purpose: keep the test output clean.
  t = await startTestApp({ logLevel: 'fatal' });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('answers an invalid JSON body with 400 in French', async () => {
    const response = await t
      .http()
      .post('/api/auth-server/login')
      .set('content-type', 'application/json')
      .send('{"email": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: `${MESSAGES.http400} (JSON invalide)`,
      status: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
  });

  it('answers an empty JSON body with 400 in French', async () => {
    const response = await t.http().post('/api/auth-server/login').set('content-type', 'application/json').send('');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: expect.stringContaining(MESSAGES.http400), status: 400 });
  });

  it('answers a body over 1 MB with 413 and the 15 MB message of the spec', async () => {
    const body = JSON.stringify({ email: 'a@test.example.org', password: 'x'.repeat(1_100_000) });
    const response = await t.http().post('/api/auth-server/login').set('content-type', 'application/json').send(body);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ message: 'La taille du fichier ne doit excéder 15MO.', status: 413 });
    expect(response.body.message).toBe(MESSAGES.http413);
  });

  it('answers an unsupported content type with 415 in French', async () => {
    const response = await t.http().post('/api/auth-server/login').set('content-type', 'text/csv').send('a,b');
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      message: 'Le type de contenu de la requête n’est pas accepté.',
      status: 415,
    });
  });

  it('answers a validation error with the form message and the fields', async () => {
    const response = await t.http().post('/api/auth-server/login').send({ email: 'faux', password: '' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: `${MESSAGES.invalidForm} email : ${MESSAGES.badFormat('adresse e-mail')} ; password : ${MESSAGES.required('mot de passe')}`,
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: MESSAGES.badFormat('adresse e-mail'), password: MESSAGES.required('mot de passe') },
    });
  });

  it('answers an unknown API path and a wrong method with the French 404', async () => {
    for (const response of [
      await t.http().get('/api/lca-server/inconnu'),
      await t.http().get('/api/auth-server/login'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.http404, status: 404, code: 'NOT_FOUND' });
    }
  });

  it('answers an unexpected failure with a bare 500 that shows no internals', async () => {
    // Break the database under the app: the query fails inside Prisma.
    await t.db.$executeRawUnsafe('ALTER TABLE "notes_on_page" RENAME TO "notes_on_page_hidden"');
    try {
      const response = await t.http().get('/api/lca-server/notesOnPage');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: MESSAGES.serverError, status: 500, code: 'INTERNAL' });
      expect(response.text).not.toMatch(/notes_on_page|prisma|stack|at \w+ \(/i);
    } finally {
      await t.db.$executeRawUnsafe('ALTER TABLE "notes_on_page_hidden" RENAME TO "notes_on_page"');
    }
    expect((await t.http().get('/api/lca-server/notesOnPage')).status).toBe(200);
  });

  it('sends security headers', async () => {
    const response = await t.http().get('/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

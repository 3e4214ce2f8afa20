// What the edge refuses for every route, before a schema, a handler or PostgreSQL sees it (docs/security.md
// « Entrées refusées à l'entrée », contract INPUT_LIMITS): NUL characters and lone surrogates in any text
// (query string, path, JSON string or key, multipart field or file name), JSON nested too deep (refused on
// its text), free-form values too deep or too large, malformed multipart bodies, over-long or badly
// encoded URLs; each answered with a French 400 (414, 431) in the catalogue's shape, and nothing written.
import { connect } from 'node:net';
import { errorBody, INPUT_LIMITS, INPUT_MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createDossier, DOSSIERS_PATH, subsidySetting, type SubsidySetting } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let s: SubsidySetting;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  s = await subsidySetting(t, { service: 'Service des entrées' });
});
afterAll(() => t.close());

const FORBIDDEN = errorBody('INPUT_FORBIDDEN_CHARACTER');
const TOO_DEEP = errorBody('INPUT_TOO_DEEP');
const MULTIPART = errorBody('MULTIPART_INVALID');
const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
/** A nested JSON text written without recursion (JSON.stringify of 5,000 levels may itself overflow). */
const nestedText = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const newDossier = () => createDossier(t, s.asso, s.scheme, [s.agent.serviceId]);
const messagesOf = (id: string) => t.db.dossierMessage.count({ where: { dossierId: id } });

describe('NUL characters and lone surrogates', () => {
  it('refuses them in a message (JSON string), with nothing written', async () => {
    const dossier = await newDossier();
    for (const message of ['bonjour\u0000', 'bonjour \ud800', '\udc00 fin']) {
      const response = await t.http().post(`${DOSSIERS_PATH}/${dossier.id}/message`).set(TOKEN_HEADER, s.member.token).send({ message });
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await messagesOf(dossier.id)).toBe(0);
    // A well-formed pair (an emoji) is a text like any other.
    const ok = await t.http().post(`${DOSSIERS_PATH}/${dossier.id}/message`).set(TOKEN_HEADER, s.member.token).send({ message: 'Merci 👍' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('refuses them in a JSON key, a project title and a nested free-form value', async () => {
    const dossier = await newDossier();
    const base = `${DOSSIERS_PATH}/${dossier.id}/projets`;
    for (const body of [
      { description: { intitule: 'Projet\u0000' } },
      { customs: [{ code: 'X', value: { ['clé\u0000']: 1 } }] },
      { cofinancements: [{ financeur: 'Ville \ud83d' }] },
    ]) {
      const response = await t.http().post(base).set(TOKEN_HEADER, s.member.token).send(body);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await t.db.projet.count({ where: { dossierId: dossier.id } })).toBe(0);
  });

  it('refuses them in a query string and a path parameter', async () => {
    const exists = await t
      .http()
      .get(`${DOSSIERS_PATH}/exists?subvention=A%00B&exercice=2026&siret=${s.asso.siege}`)
      .set(TOKEN_HEADER, s.member.token);
    expect(exists.body).toEqual(FORBIDDEN);
    const search = await t.http().get('/api/proxy-asso/association/search?q=abc%00').set(TOKEN_HEADER, s.member.token);
    expect(search.body).toEqual(FORBIDDEN);
    const path = await t.http().get(`${DOSSIERS_PATH}/abc%00def`).set(TOKEN_HEADER, s.member.token);
    expect(path.body).toEqual(FORBIDDEN);
    // A route that declares no query still refuses it (the edge reads every query string).
    const states = await t.http().get(`${DOSSIERS_PATH}/states?x=%00`).set(TOKEN_HEADER, s.member.token);
    expect(states.body).toEqual(FORBIDDEN);
  });
});

describe('nesting', () => {
  it('refuses a body nested 5,000 and 2,000 levels deep on its text, before parsing, with nothing stored', async () => {
    const dossier = await newDossier();
    for (const levels of [5_000, 2_000, INPUT_LIMITS.bodyMaxDepth + 1]) {
      const text = `{"step":2,"renouvellement":false,"pluriannuel":false,"customs":[{"code":"X","value":${nestedText(levels)}}]}`;
      const response = await t
        .http()
        .put(`${DOSSIERS_PATH}/${dossier.id}`)
        .set(TOKEN_HEADER, s.member.token)
        .set('content-type', 'application/json')
        .send(text);
      expect(response.status, String(levels)).toBe(400);
      expect(response.body).toEqual(TOO_DEEP);
      expect(response.body.message).toBe(INPUT_MESSAGES.bodyTooDeep(INPUT_LIMITS.bodyMaxDepth));
    }
    // Brackets inside strings are text, not nesting.
    const text = JSON.stringify({ message: '['.repeat(1_000) });
    const message = await t.http().post(`${DOSSIERS_PATH}/${dossier.id}/message`).set(TOKEN_HEADER, s.member.token).set('content-type', 'application/json').send(text);
    expect(message.status, JSON.stringify(message.body)).toBe(201);
  });

  it('bounds a free-form value in depth and size (French field message)', async () => {
    const dossier = await newDossier();
    const step2 = (value: unknown) => ({ step: 2, renouvellement: false, pluriannuel: false, customs: [{ code: 'X', value }] });
    const deep = await t.http().put(`${DOSSIERS_PATH}/${dossier.id}`).set(TOKEN_HEADER, s.member.token).send(step2(nested(INPUT_LIMITS.freeValueMaxDepth + 1)));
    expect(deep.status).toBe(400);
    expect(deep.body.code).toBe('VALIDATION_ERROR');
    expect(Object.values(deep.body.fields as object)).toContain(INPUT_MESSAGES.freeValueTooDeep('valeur', INPUT_LIMITS.freeValueMaxDepth));
    const large = await t.http().put(`${DOSSIERS_PATH}/${dossier.id}`).set(TOKEN_HEADER, s.member.token).send(step2('é'.repeat(INPUT_LIMITS.freeValueMaxBytes / 2 + 1)));
    expect(large.status).toBe(400);
    expect(Object.values(large.body.fields as object)).toContain(INPUT_MESSAGES.freeValueTooLarge('valeur', INPUT_LIMITS.freeValueMaxBytes));
    const stored = await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id } });
    expect(JSON.stringify(stored)).not.toContain('"X"');
  });
});

describe('multipart uploads', () => {
  const upload = () => t.http().post('/api/proxy-asso/association/documents').query({ id_asso: s.asso.id, type: 'PV' }).set(TOKEN_HEADER, s.member.token);
  const PDF = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n';
  const part = (boundary: string, filename = 'pv.pdf') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${PDF}\r\n--${boundary}--\r\n`;

  it('answers a body without boundary, with a boundary over 256 characters, or cut short with a French 400', async () => {
    const noBoundary = await upload().set('content-type', 'multipart/form-data').send(part('x'));
    expect(noBoundary.body).toEqual(MULTIPART);
    const long = 'b'.repeat(300);
    const tooLong = await upload().set('content-type', `multipart/form-data; boundary=${long}`).send(part(long));
    expect(tooLong.body).toEqual(MULTIPART);
    const cut = part('frontiere').slice(0, -30);
    const truncated = await upload().set('content-type', 'multipart/form-data; boundary=frontiere').send(cut);
    expect(truncated.status).toBe(400);
    expect(truncated.body).toEqual(MULTIPART);
    const headerCut = await upload().set('content-type', 'multipart/form-data; boundary=frontiere').send('--frontiere\r\nContent-Disposition: form-da');
    expect(headerCut.body).toEqual(MULTIPART);
    expect(await t.db.associationDocument.count({ where: { associationId: s.asso.id } })).toBe(0);
  });

  it('refuses a NUL in a file name or a field value', async () => {
    const name = await upload().attach('file', Buffer.from(PDF), { filename: 'pv\u0000.pdf', contentType: 'application/pdf' });
    expect(name.body).toEqual(FORBIDDEN);
    const field = await upload().field('commentaire', 'a\u0000b').attach('file', Buffer.from(PDF), { filename: 'pv.pdf', contentType: 'application/pdf' });
    expect(field.body).toEqual(FORBIDDEN);
    expect(await t.db.associationDocument.count({ where: { associationId: s.asso.id } })).toBe(0);
  });
});

describe('URLs', () => {
  it('answers an over-long path parameter (414) and a badly encoded URL (400) in the catalogue shape', async () => {
    const long = await t.http().get(`${DOSSIERS_PATH}/${'a'.repeat(5_000)}`).set(TOKEN_HEADER, s.member.token);
    expect(long.status).toBe(414);
    expect(long.body).toEqual(errorBody('URI_TOO_LONG'));
    const bad = await t.http().get(`${DOSSIERS_PATH}/%E0%A4%A`).set(TOKEN_HEADER, s.member.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody('BAD_URL'));
    const surrogate = await t.http().get(`${DOSSIERS_PATH}/%ED%A0%80`).set(TOKEN_HEADER, s.member.token);
    expect(surrogate.body).toEqual(errorBody('BAD_URL'));
  });

  it('answers what the HTTP parser refuses (headers too large, malformed request) in the catalogue shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
    const overflow = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(overflow).toMatch(/^HTTP\/1.1 431 /);
    expect(JSON.parse(overflow.slice(overflow.indexOf('\r\n\r\n') + 4))).toEqual(errorBody('HEADERS_TOO_LARGE'));
    const malformed = await raw('GARBAGE\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4))).toEqual(errorBody('BAD_REQUEST'));
  });
});

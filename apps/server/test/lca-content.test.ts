// The portal's content kept by the LCA administrators (contract lca-content.ts, questions-routes.ts):
// notes on pages stored with their HTML sanitised, questions created and made required (which then
// block a transmission until answered), links, document templates (upload checked as the
// association documents are, download, delete with the file), each change in the content's audit
// chain; and who may (lca.admin) and who may not (members, agents, other administrators).
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MESSAGES, PAGE_NAMES, ROLES, type Role } from '@portail/contract';
import { CONTENT_AUDIT_CHAIN } from '../src/modules/lca/content/service.ts';
import { createCompleteDossier, createScheme, dossierCalls, subsidySetting, type ServiceAgent, type SignedIn } from './support/subsidy-fixtures.ts';
import type { TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: string;
let member: SignedIn;
let agent: ServiceAgent;
let asso: TestAssociation;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signIn(t, { roles: ['lca.admin'] })).token;
  ({ asso, member, agent } = await subsidySetting(t, { service: 'Service du contenu' }));
  for (const role of ROLES) tokens.set(role, (await signIn(t, { roles: [role] })).token);
});
afterAll(() => t.close());

const LCA = '/api/lca-server';
const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string | undefined, body?: object) => {
  let request = t.http()[method](`${LCA}${path}`);
  if (token) request = request.set(TOKEN_HEADER, token);
  return body === undefined ? request : request.send(body);
};
const code = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;
const trailOf = (entityId: string) => t.db.auditEntry.findMany({ where: { associationId: CONTENT_AUDIT_CHAIN, entityId }, orderBy: { seq: 'asc' } });
const NOT_ADMINS = ROLES.filter((role) => role !== 'lca.admin');

describe('notes on pages', () => {
  const note = { type: 'warning', title: 'Fermeture', content: '<p>Le portail ferme <strong>samedi</strong>.</p>', routes: ['dossiers'] };

  it('stores the HTML sanitised: no script, no event attribute, no javascript: link; the page shows it', async () => {
    const created = await send('post', '/notesOnPage', admin, {
      ...note,
      content:
        '<p>Avant<script>alert("x")</script> <img src="x" onerror="alert(1)"><strong onclick="alert(2)">gras</strong></p>' +
        '<a href="javascript:alert(3)">piège</a> <a href="https://www.service-public.fr" target="_blank">lien</a>',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await t.db.noteOnPage.findUniqueOrThrow({ where: { id: created.body._id } });
    expect(stored.content).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(stored.content).toBe(
      '<p>Avant <strong>gras</strong></p><a>piège</a> <a href="https://www.service-public.fr" target="_blank" rel="noopener noreferrer">lien</a>',
    );
    expect(created.body).toMatchObject({ type: 'warning', title: 'Fermeture', routes: ['dossiers'], active: true, content: stored.content });

    const shown = await t.http().get(`${LCA}/notesOnPage`).query({ route: 'dossiers' });
    expect(shown.body.find((n: { _id: string }) => n._id === stored.id)).toMatchObject({ content: stored.content });
    expect((await t.http().get(`${LCA}/notesOnPage`).query({ route: 'home' })).body.some((n: { _id: string }) => n._id === stored.id)).toBe(false);

    const [entry] = await trailOf(stored.id);
    expect(entry).toMatchObject({ entity: 'note_page', action: 'create', before: null });
    expect((entry!.after as { content: string }).content).toBe(stored.content);
  });

  it('refuses a note whose HTML is nothing once sanitised, a period ending before it starts, a note on no page', async () => {
    const empty = await send('post', '/notesOnPage', admin, { ...note, content: '<script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_ERROR', message: CONTENT_MESSAGES.noteEmpty, fields: { content: CONTENT_MESSAGES.noteEmpty } });

    const period = await send('post', '/notesOnPage', admin, { ...note, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(period.status).toBe(400);
    expect(period.body.fields).toMatchObject({ endsAt: CONTENT_MESSAGES.notePeriod });

    const nowhere = await send('post', '/notesOnPage', admin, { ...note, routes: [] });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields).toMatchObject({ routes: CONTENT_MESSAGES.routesRequired });
    expect(await t.db.noteOnPage.count({ where: { title: 'Fermeture', routes: { isEmpty: true } } })).toBe(0);
  });

  it('refuses a note on a page the portal does not have (the contract’s PAGE_NAMES, the client route table’s), on creation and on replacement', async () => {
    expect(PAGE_NAMES).toContain('dossiers');
    const unknown = await send('post', '/notesOnPage', admin, { ...note, title: 'Page inconnue', routes: ['dossiers', 'ancienne-page'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'routes.1': CONTENT_MESSAGES.unknownPage } });
    expect(await t.db.noteOnPage.count({ where: { title: 'Page inconnue' } })).toBe(0);

    const { body } = await send('post', '/notesOnPage', admin, { ...note, routes: ['administration-lca'] });
    const replaced = await send('put', `/notesOnPage/${body._id}`, admin, { ...note, routes: ['Dossiers'] });
    expect(replaced.status).toBe(400);
    expect(replaced.body.fields).toMatchObject({ 'routes.0': CONTENT_MESSAGES.unknownPage });
    expect(await t.db.noteOnPage.findUniqueOrThrow({ where: { id: body._id } })).toMatchObject({ routes: ['administration-lca'] });
    expect((await trailOf(body._id)).map((e) => e.action)).toEqual(['create']);
  });

  it('replaces a note (sanitised again), lists inactive ones to the administrators only, deletes it; each change audited', async () => {
    const { body } = await send('post', '/notesOnPage', admin, note);
    const updated = await send('put', `/notesOnPage/${body._id}`, admin, { ...note, active: false, content: '<p onmouseover="x()">Reportée</p>' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ active: false, content: '<p>Reportée</p>' });
    expect((await t.http().get(`${LCA}/notesOnPage`).query({ route: 'dossiers' })).body.some((n: { _id: string }) => n._id === body._id)).toBe(false);
    const all = await send('get', '/notesOnPage/all', admin);
    expect(all.body.find((n: { _id: string }) => n._id === body._id)).toMatchObject({ active: false });

    const removed = await send('delete', `/notesOnPage/${body._id}`, admin);
    expect(removed.body).toEqual({ message: CONTENT_MESSAGES.noteDeleted });
    expect(await t.db.noteOnPage.count({ where: { id: body._id } })).toBe(0);
    const again = await send('delete', `/notesOnPage/${body._id}`, admin);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'ELEMENT_NOT_FOUND', message: "L'élément n'existe pas." });
    expect((await send('put', `/notesOnPage/${randomUUID()}`, admin, note)).status).toBe(404);

    const trail = await trailOf(body._id);
    expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1]).toMatchObject({ before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false, content: '<p>Reportée</p>' }) });
    expect(trail[2]!.actorEmail).toBeTruthy();
  });

  it.each(NOT_ADMINS)('refuses every note write and the full list to %s (403), and all of it without a token (401)', async (role) => {
    const token = tokens.get(role)!;
    const { body } = await send('post', '/notesOnPage', admin, note);
    for (const call of [
      send('post', '/notesOnPage', token, note),
      send('put', `/notesOnPage/${body._id}`, token, note),
      send('delete', `/notesOnPage/${body._id}`, token),
      send('get', '/notesOnPage/all', token),
    ]) {
      const response = await call;
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(MESSAGES.forbidden);
    }
    expect((await send('post', '/notesOnPage', undefined, note)).status).toBe(401);
    expect(await t.db.noteOnPage.findUniqueOrThrow({ where: { id: body._id } })).toMatchObject({ title: 'Fermeture' });
  });
});

describe('questions asked of subsidy dossiers', () => {
  it('creates a question, refuses a code taken or malformed and a change of code', async () => {
    const questionCode = code('q');
    const created = await send('post', '/questions', admin, { code: questionCode, label: 'Le projet est-il mené avec des bénévoles ?', type: 'booleen' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ code: questionCode, obligatoire: false, enabled: true, rang: 0 });
    const taken = await send('post', '/questions', admin, { code: questionCode, label: 'Doublon ?', type: 'texte' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'QUESTION_CODE_TAKEN', message: CONTENT_MESSAGES.questionCodeTaken });
    const malformed = await send('post', '/questions', admin, { code: 'Avec espace', label: 'Question ?', type: 'texte' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toMatchObject({ code: CONTENT_MESSAGES.codeFormat });
    const recoded = await send('put', `/questions/${created.body.id}`, admin, { code: 'autre', label: 'Question ?', type: 'texte' });
    expect(recoded.status).toBe(400);
    expect((await send('put', `/questions/${randomUUID()}`, admin, { label: 'Question ?', type: 'texte' })).status).toBe(404);
    expect((await trailOf(created.body.id)).map((e) => [e.entity, e.action])).toEqual([['question', 'create']]);
    await t.db.question.delete({ where: { id: created.body.id } });
  });

  it('a question made required blocks the transmission of a dossier that does not answer it, until answered', async () => {
    const dossier = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const label = 'L’association dispose-t-elle d’un référent handicap ?';
    const created = await send('post', '/questions', admin, { code: code('referent'), label, type: 'booleen', enabled: false, rang: 50 });
    try {
      const made = await send('put', `/questions/${created.body.id}`, admin, { label, type: 'booleen', obligatoire: true, enabled: true, rang: 50 });
      expect(made.body).toMatchObject({ obligatoire: true, enabled: true });
      const listed = await t.http().get(`${LCA}/questions`).query({ enabled: 'true' }).set(TOKEN_HEADER, member.token);
      expect(listed.body.map((q: { id: string }) => q.id)).toContain(created.body.id);

      const calls = dossierCalls(t, member.token);
      const refused = await calls.post(`/transmit/${dossier.id}`, null);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
      expect(refused.body.message).toContain(label);

      const row = await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id } });
      const customs = [...(row.customs as object[]), { code: created.body.code, value: false }];
      expect((await calls.put(`/${dossier.id}`, { step: 2, renouvellement: false, pluriannuel: false, customs })).status).toBe(200);
      expect((await calls.post(`/transmit/${dossier.id}`, null)).status).toBe(200);

      const trail = await trailOf(created.body.id);
      expect(trail.map((e) => e.action)).toEqual(['create', 'update']);
      expect(trail[1]).toMatchObject({ before: expect.objectContaining({ obligatoire: false, enabled: false }), after: expect.objectContaining({ obligatoire: true, enabled: true }) });
    } finally {
      await t.db.question.delete({ where: { id: created.body.id } });
    }
  });

  it.each(NOT_ADMINS)('refuses creating and changing a question to %s', async (role) => {
    const token = tokens.get(role)!;
    const created = await send('post', '/questions', token, { code: code('q'), label: 'Question ?', type: 'texte' });
    expect(created.status).toBe(403);
    const first = await t.db.question.findFirstOrThrow();
    const changed = await send('put', `/questions/${first.id}`, token, { label: 'Changée ?', type: 'texte', obligatoire: true });
    expect(changed.status).toBe(403);
    expect(await t.db.question.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ label: first.label, obligatoire: first.obligatoire });
  });
});

describe('links (urls)', () => {
  const link = () => ({ code: code('lien'), libelle: 'Service-public.fr', url: 'https://www.service-public.fr/associations' });

  it('creates, lists by rank to any signed-in user, replaces and deletes a link; each change audited', async () => {
    const input = { ...link(), rang: 3 };
    const created = await send('post', '/urls', admin, input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(input);
    for (const token of [member.token, agent.token]) {
      const listed = await send('get', '/urls', token);
      expect(listed.status).toBe(200);
      expect(listed.body).toContainEqual(created.body);
    }
    expect((await send('get', '/urls', undefined)).status).toBe(401);

    const updated = await send('put', `/urls/${created.body.id}`, admin, { ...input, libelle: 'Associations', url: 'https://www.associations.gouv.fr' });
    expect(updated.body).toMatchObject({ libelle: 'Associations', url: 'https://www.associations.gouv.fr' });
    expect((await send('delete', `/urls/${created.body.id}`, admin)).body).toEqual({ message: CONTENT_MESSAGES.urlDeleted });
    expect((await send('delete', `/urls/${created.body.id}`, admin)).status).toBe(404);
    expect((await trailOf(created.body.id)).map((e) => [e.entity, e.action])).toEqual([['lien', 'create'], ['lien', 'update'], ['lien', 'delete']]);
  });

  it('refuses a code another link has (on creation and on change) and an address that is not http(s)', async () => {
    const first = (await send('post', '/urls', admin, link())).body;
    const second = (await send('post', '/urls', admin, link())).body;
    const taken = await send('post', '/urls', admin, { ...link(), code: first.code });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'URL_CODE_TAKEN', message: CONTENT_MESSAGES.urlCodeTaken });
    expect((await send('put', `/urls/${second.id}`, admin, { ...link(), code: first.code })).status).toBe(409);
    // Keeping its own code is no conflict.
    expect((await send('put', `/urls/${second.id}`, admin, { ...link(), code: second.code })).status).toBe(200);
    for (const url of ['javascript:alert(1)', 'ftp://exemple.fr/fichier', 'www.exemple.fr']) {
      const refused = await send('post', '/urls', admin, { ...link(), url });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toMatchObject({ url: CONTENT_MESSAGES.urlScheme });
    }
  });

  it.each(NOT_ADMINS)('refuses link writes to %s', async (role) => {
    const token = tokens.get(role)!;
    const { body } = await send('post', '/urls', admin, link());
    expect((await send('post', '/urls', token, link())).status).toBe(403);
    expect((await send('put', `/urls/${body.id}`, token, link())).status).toBe(403);
    expect((await send('delete', `/urls/${body.id}`, token)).status).toBe(403);
    expect(await t.db.usefulUrl.count({ where: { id: body.id } })).toBe(1);
  });
});

describe('document templates', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
  const upload = (token: string, file: Buffer | null, name = 'cerfa-12156.pdf', libelle = 'Cerfa 12156') => {
    const request = t.http().post(`${LCA}/documents-modeles`).query({ libelle }).set(TOKEN_HEADER, token);
    return file ? request.attach('file', file, name) : request.field('libelle', libelle);
  };

  it('uploads a PDF, lists it, lets any signed-in user download it, deletes it with its file; audited', async () => {
    const uploaded = await upload(admin, PDF);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ libelle: 'Cerfa 12156', nom: 'cerfa-12156.pdf', mime_type: 'application/pdf', taille: PDF.length });
    expect((await send('get', '/documents-modeles', member.token)).body).toContainEqual(uploaded.body);

    const download = await t.http().get(`${LCA}/documents-modeles/${uploaded.body.id}`).set(TOKEN_HEADER, member.token).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('cerfa-12156.pdf');
    expect(Buffer.compare(download.body as Buffer, PDF)).toBe(0);
    expect((await t.http().get(`${LCA}/documents-modeles/${uploaded.body.id}`)).status).toBe(401);

    const { storageKey } = await t.db.documentModele.findUniqueOrThrow({ where: { id: uploaded.body.id } });
    const stored = () => access(join(t.config.storageDir, storageKey)).then(() => 'present', () => 'removed');
    expect(await stored()).toBe('present');
    const removed = await send('delete', `/documents-modeles/${uploaded.body.id}`, admin);
    expect(removed.body).toEqual({ message: CONTENT_MESSAGES.templateDeleted });
    await expect.poll(stored).toBe('removed');
    expect((await send('get', `/documents-modeles/${uploaded.body.id}`, member.token)).status).toBe(404);
    expect((await trailOf(uploaded.body.id)).map((e) => [e.entity, e.action])).toEqual([['document_modele', 'create'], ['document_modele', 'delete']]);
  });

  it('refuses what the association documents refuse: no file, a forbidden name, a content that is not PDF or JPEG; nothing stored', async () => {
    const before = await t.db.documentModele.count();
    const none = await upload(admin, null);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('MISSING_FILE');
    const script = await upload(admin, Buffer.from('<html></html>'), 'modele.html');
    expect(script.status).toBe(400);
    expect(script.body.code).toBe('FILE_NAME_REFUSED');
    const disguised = await upload(admin, Buffer.from('Ceci est du texte, pas un PDF.'), 'modele.pdf');
    expect(disguised.status).toBe(400);
    expect(disguised.body.code).toBe('FILE_CONTENT_REFUSED');
    const noLabel = await upload(admin, PDF, 'modele.pdf', '');
    expect(noLabel.status).toBe(400);
    expect(await t.db.documentModele.count()).toBe(before);
  });

  it.each(NOT_ADMINS)('refuses upload and delete to %s, who may still download', async (role) => {
    const token = tokens.get(role)!;
    const { body } = await upload(admin, PDF);
    expect((await upload(token, PDF)).status).toBe(403);
    expect((await send('delete', `/documents-modeles/${body.id}`, token)).status).toBe(403);
    expect((await send('get', `/documents-modeles/${body.id}`, token)).status).toBe(200);
  });
});

describe("the content's audit chain", () => {
  it('holds every change above and verifies link by link', async () => {
    expect(await t.db.auditEntry.count({ where: { associationId: CONTENT_AUDIT_CHAIN } })).toBeGreaterThan(10);
    expect(await t.app.services.audit.verifyChain(CONTENT_AUDIT_CHAIN)).toBeNull();
  });
});

// The history of the portal content's changes (GET /lca-server/contenus/historique): the content's
// audit chain only, newest first, by kind of element, a page at a time by keyset; who, when, what,
// which action; no secret value ever shown (webhook secrets, tokens, passwords, IBANs), nothing of
// another chain (an association's, a service's); lca.admin only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_HISTORY_ENTITIES, MESSAGES, ROLES, type ContentHistoryEntry, type Role } from '@portail/contract';
import { CONTENT_AUDIT_CHAIN, SECRET_MASK } from '../src/modules/audit/index.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: { token: string; email: string };
let other: { token: string; email: string };
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await startTestApp();
  const a = await signIn(t, { roles: ['lca.admin'] });
  const b = await signIn(t, { roles: ['lca.admin'] });
  admin = { token: a.token, email: a.account.email };
  other = { token: b.token, email: b.account.email };
  for (const role of ROLES) tokens.set(role, (await signIn(t, { roles: [role] })).token);
});
afterAll(() => t.close());

const LCA = '/api/lca-server';
const history = (token: string | undefined, query: Record<string, string | number> = {}) => {
  const request = t.http().get(`${LCA}/contenus/historique`).query(query);
  return token ? request.set(TOKEN_HEADER, token) : request;
};
const write = (token: string, method: 'post' | 'put' | 'delete', path: string, body?: object) => {
  const request = t.http()[method](`${LCA}${path}`).set(TOKEN_HEADER, token);
  return body ? request.send(body) : request;
};
const link = () => ({ code: `lien-${randomUUID().slice(0, 8)}`, libelle: 'Service-public.fr', url: 'https://www.service-public.fr/' });

describe('history of the content’s changes', () => {
  it('lists who changed what and how, newest first, filtered by kind of element', async () => {
    const created = await write(admin.token, 'post', '/urls', link());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const renamed = await write(other.token, 'put', `/urls/${created.body.id}`, { ...link(), code: created.body.code, libelle: 'Service public' });
    expect(renamed.status).toBe(200);
    await write(admin.token, 'delete', `/urls/${created.body.id}`);
    const note = await write(admin.token, 'post', '/notesOnPage', { type: 'info', content: '<p>Bienvenue</p>', routes: ['home'] });
    expect(note.status).toBe(201);

    const links = await history(admin.token, { entite: 'lien' });
    expect(links.status, JSON.stringify(links.body)).toBe(200);
    const entries = links.body.entries as ContentHistoryEntry[];
    expect(entries.every((e) => e.entite === 'lien')).toBe(true);
    expect(entries.filter((e) => e.entite_id === created.body.id).map((e) => [e.action, e.auteur])).toEqual([
      ['delete', admin.email],
      ['update', other.email],
      ['create', admin.email],
    ]);
    const update = entries.find((e) => e.entite_id === created.body.id && e.action === 'update')!;
    expect(update.changements).toEqual([{ champ: 'libelle', avant: 'Service-public.fr', apres: 'Service public' }]);
    expect(update.element).toBe('Service public');
    expect(Date.parse(update.date)).toBeGreaterThan(Date.now() - 60_000);
    expect(links.body.suivant).toBeNull();

    const all = (await history(admin.token)).body.entries as ContentHistoryEntry[];
    expect(all[0]).toMatchObject({ entite: 'note_page', action: 'create', entite_id: note.body._id, element: null });
    // An addition shows what was written, not the row's identifier or creation time.
    // A note's HTML as its text.
    expect(all[0]!.changements).toContainEqual({ champ: 'content', avant: null, apres: 'Bienvenue' });
    expect(all[0]!.changements.map((c) => c.champ)).not.toContain('_id');
    expect(all[0]!.changements.map((c) => c.champ)).not.toContain('createdAt');
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((x, y) => y - x));
  });

  it('shows lists, booleans and dates readably, never JSON', async () => {
    const note = await write(admin.token, 'post', '/notesOnPage', {
      type: 'info', title: 'Maintenance', content: '<p>Coupure <strong>samedi</strong> &amp; dimanche</p><p>Retour lundi</p>', routes: ['home', 'login'], active: true, startsAt: '2026-03-01T09:30:00.000Z', endsAt: '2026-07-14T22:00:00.000Z',
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const entry = ((await history(admin.token, { entite: 'note_page' })).body.entries as ContentHistoryEntry[]).find((e) => e.entite_id === note.body._id)!;
    const value = (champ: string) => entry.changements.find((c) => c.champ === champ)?.apres;
    // A note's pages one per line (the screen names them by their titles).
    expect(value('routes')).toEqual(['home', 'login']);
    expect(value('active')).toBe('Oui');
    expect(value('content')).toBe('Coupure samedi & dimanche Retour lundi');
    // In Paris time, as the portal writes a moment.
    expect(value('startsAt')).toBe('01/03/2026 10h30');
    expect(value('endsAt')).toBe('15/07/2026 00h00');
    for (const c of entry.changements) for (const v of [c.avant, c.apres]) expect(v === null || typeof v === 'string' || (Array.isArray(v) && v.every((line) => typeof line === 'string'))).toBe(true);
  });

  it('reads a page at a time by keyset: the pages follow each other without overlap to the last one', async () => {
    for (let i = 0; i < 5; i += 1) expect((await write(admin.token, 'post', '/urls', link())).status).toBe(201);
    const whole = (await history(admin.token, { entite: 'lien', limit: 100 })).body.entries as ContentHistoryEntry[];
    expect(whole.length).toBeGreaterThanOrEqual(5);
    const read: number[] = [];
    let avant: number | null | undefined;
    do {
      const page = await history(admin.token, { entite: 'lien', limit: 2, ...(avant ? { avant } : {}) });
      expect(page.status).toBe(200);
      expect(page.body.entries.length).toBeLessThanOrEqual(2);
      read.push(...(page.body.entries as ContentHistoryEntry[]).map((e) => e.seq));
      avant = page.body.suivant as number | null;
    } while (avant);
    expect(read).toEqual(whole.map((e) => e.seq));
  });

  it('never shows a secret value, and nothing of another chain (an association’s, a service’s)', async () => {
    const secrets = {
      webhook: `whsec_${randomUUID()}`,
      token: `jeton-${randomUUID()}`,
      password: `Secret-${randomUUID()}`,
      iban: 'FR7630006000011234567890189',
    };
    const audit = t.app.services.audit;
    const actor = { id: null, email: 'admin.contenu@example.org' };
    const contentId = randomUUID();
    await t.db.$transaction(async (tx) => {
      // In the content's chain: the values are kept by the trail, masked for its readers, nested ones too.
      await audit.record(tx, {
        associationId: CONTENT_AUDIT_CHAIN, actor, entity: 'lien', entityId: contentId, action: 'update',
        before: { libelle: 'Avant', webhook_secret: 'ancien' },
        after: { libelle: 'Après', webhook_secret: secrets.webhook, access_token: secrets.token, options: { password: secrets.password, iban: secrets.iban } },
      });
      // Other chains, with the content's entity names: never read by the history.
      await audit.record(tx, { associationId: randomUUID(), actor, entity: 'lien', entityId: randomUUID(), action: 'update', before: null, after: { iban: secrets.iban } });
      await audit.record(tx, { associationId: randomUUID(), actor, entity: 'note_page', entityId: randomUUID(), action: 'creation', before: null, after: { secret: secrets.webhook } });
    });
    // The trail itself keeps what was written.
    expect(JSON.stringify((await t.db.auditEntry.findFirstOrThrow({ where: { entityId: contentId } })).after)).toContain(secrets.webhook);

    for (const query of [{}, ...CONTENT_HISTORY_ENTITIES.map((entite) => ({ entite }))] as Record<string, string>[]) {
      const response = await history(admin.token, { ...query, limit: 100 });
      expect(response.status).toBe(200);
      const text = JSON.stringify(response.body);
      for (const value of [...Object.values(secrets), secrets.iban.slice(0, 20), 'ancien']) expect(text, value).not.toContain(value);
      expect((response.body.entries as ContentHistoryEntry[]).every((e) => e.auteur !== actor.email || e.entite_id === contentId)).toBe(true);
    }
    const entry = ((await history(admin.token, { entite: 'lien' })).body.entries as ContentHistoryEntry[]).find((e) => e.entite_id === contentId)!;
    expect([...entry.changements].sort((x, y) => x.champ.localeCompare(y.champ))).toEqual([
      { champ: 'access_token', avant: null, apres: SECRET_MASK },
      { champ: 'libelle', avant: 'Avant', apres: 'Après' },
      // An object reads as one line per field (in the order the trail keeps them), each masked as before.
      { champ: 'options', avant: null, apres: [`iban : ${'•'.repeat(23)}0189`, `password : ${SECRET_MASK}`] },
      { champ: 'webhook_secret', avant: SECRET_MASK, apres: SECRET_MASK },
    ]);
  });

  it('refuses a kind of element it does not know, or a bad position, in French (400)', async () => {
    const unknown = await history(admin.token, { entite: 'rib' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { entite: MESSAGES.badFormat('entite') } });
    const position = await history(admin.token, { avant: 'abc' });
    expect(position.status).toBe(400);
    expect(position.body.fields).toMatchObject({ avant: MESSAGES.badFormat('avant') });
  });

  it.each(ROLES.filter((role) => role !== 'lca.admin'))('is refused to %s (403), and without a token (401)', async (role) => {
    const refused = await history(tokens.get(role)!);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
    expect((await history(undefined)).status).toBe(401);
  });
});

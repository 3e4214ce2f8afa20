// The history of the approvals' catalogue (GET /rda-server/agrements/historique): the catalogue's
// own audit chain only (approvals and the approvals' expected field and document definitions), newest
// first, by kind of element, a page at a time by keyset; who, when, what, which action; secrets
// masked; nothing of the subsidies' catalogue nor of another chain; the approvals' administrators only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_CATALOGUE_HISTORY_ENTITIES, MESSAGES, ROLE_SETS, ROLES, type ChainHistoryEntry, type Role } from '@portail/contract';
import { SECRET_MASK } from '../src/modules/audit/index.ts';
import { CATALOGUE_AUDIT_CHAINS } from '../src/modules/rds/index.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createService } from './support/rds-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: { token: string; email: string };
let other: { token: string; email: string };
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  const a = await signIn(t, { roles: ['rds.admin'] });
  const b = await signIn(t, { roles: ['osiris.admin-programme'] });
  admin = { token: a.token, email: a.account.email };
  other = { token: b.token, email: b.account.email };
  for (const role of ROLES) tokens.set(role, (await signIn(t, { roles: [role] })).token);
});
afterAll(() => t.close());

const RDA = '/api/rda-server';
const history = (token: string | undefined, query: Record<string, string | number> = {}) => {
  const request = t.http().get(`${RDA}/agrements/historique`).query(query);
  return token ? request.set(TOKEN_HEADER, token) : request;
};
const send = (token: string, method: 'post' | 'patch' | 'delete', path: string, body?: object) => {
  const request = t.http()[method](`${RDA}${path}`).set(TOKEN_HEADER, token);
  return body ? request.send(body) : request;
};
const fresh = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
async function newApproval(token: string) {
  const created = await send(token, 'post', '/agrements', { code: fresh('HIST'), type_agrement: 'JEP', service: (await createService(t)).id, campagne_exercice: 2026 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { _id: string; code: string };
}

describe('history of the approvals’ catalogue', () => {
  it('lists who changed which approval or definition and how, newest first, filtered by kind of element', async () => {
    const approval = await newApproval(admin.token);
    expect((await send(other.token, 'patch', `/agrements/${approval._id}`, { code_service: 'HIST-75' })).status).toBe(200);
    expect((await send(admin.token, 'delete', `/agrements/${approval._id}`)).status).toBe(200);
    const champ = await send(other.token, 'post', '/champs-attendus', { code: `hist_${randomUUID().slice(0, 8)}`, label: 'Nombre de bénévoles', type: 'number' });
    expect(champ.status, JSON.stringify(champ.body)).toBe(201);

    const approvals = await history(admin.token, { entite: 'agrement', limit: 100 });
    expect(approvals.status, JSON.stringify(approvals.body)).toBe(200);
    const entries = approvals.body.entries as ChainHistoryEntry[];
    expect(entries.every((e) => e.entite === 'agrement')).toBe(true);
    expect(entries.filter((e) => e.entite_id === approval._id).map((e) => [e.action, e.auteur, e.element])).toEqual([
      ['delete', admin.email, approval.code],
      ['update', other.email, approval.code],
      ['create', admin.email, approval.code],
    ]);
    const update = entries.find((e) => e.entite_id === approval._id && e.action === 'update')!;
    expect(update.changements).toEqual([{ champ: 'code_service', avant: null, apres: 'HIST-75' }]);
    expect(approvals.body.suivant).toBeNull();

    const all = (await history(other.token)).body.entries as ChainHistoryEntry[];
    expect(all[0]).toMatchObject({ entite: 'champ_attendu', action: 'create', auteur: other.email, element: 'Nombre de bénévoles' });
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((x, y) => y - x));
    const fields = (await history(admin.token, { entite: 'champ_attendu' })).body.entries as ChainHistoryEntry[];
    expect(fields.map((e) => e.entite_id)).toContain(champ.body.id);
    expect(fields.every((e) => e.entite === 'champ_attendu')).toBe(true);
  });

  it('shows every change readably: names for ids, the expected items by their labels with their conditions, Oui/Non, never JSON', async () => {
    const first = await createService(t, { nom: `Service départemental ${randomUUID().slice(0, 6)}` });
    const second = await createService(t, { nom: `Service régional ${randomUUID().slice(0, 6)}` });
    const champ = await send(admin.token, 'post', '/champs-attendus', { code: `lisible_${randomUUID().slice(0, 8)}`, label: 'Nombre de salariés', type: 'number', meta: { options: ['a', 'b'] } });
    expect(champ.status, JSON.stringify(champ.body)).toBe(201);
    const document = await send(admin.token, 'post', '/documents-attendus', { code: `lisible_${randomUUID().slice(0, 8)}`, label: 'Statuts signés', nature: 'STC' });
    expect(document.status, JSON.stringify(document.body)).toBe(201);
    const created = await send(admin.token, 'post', '/agrements', { code: fresh('LISIBLE'), type_agrement: 'JEP', service: first.id, campagne_exercice: 2026 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const approval = created.body as { _id: string; code: string };
    const patch = {
      service: second.id, active: true,
      champs_attendus: [{ code: champ.body.code, obligatoire: true, asks: [{ scope: 'demandeur', key: 'description.pluriannuel', operator: '==', value: true }] }],
      documents_attendus: [{ code: document.body.code, obligatoire: false, asks: [] }],
    };
    const updated = await send(admin.token, 'patch', `/agrements/${approval._id}`, patch);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const duplicate = await send(admin.token, 'post', `/agrements/${approval._id}/duplicate`);
    // A change naming a service since deleted keeps its id, said deleted.
    const gone = randomUUID();
    await t.db.$transaction((tx) =>
      t.app.services.audit.record(tx, { associationId: CATALOGUE_AUDIT_CHAINS.agrement, actor: { id: null, email: admin.email }, entity: 'agrement', entityId: approval._id, action: 'update', before: { service: gone }, after: { service: first.id } }),
    );

    const entries = (await history(admin.token, { limit: 100 })).body.entries as ChainHistoryEntry[];
    const of = (id: string) => entries.filter((e) => e.entite_id === id);
    const change = (entry: ChainHistoryEntry | undefined, champ: string) => entry?.changements.find((c) => c.champ === champ);
    const [deleted, update, creation] = of(approval._id);
    expect(change(deleted, 'service')).toEqual({ champ: 'service', avant: `${gone} (supprimé)`, apres: first.nom });
    expect(change(update, 'service')).toEqual({ champ: 'service', avant: first.nom, apres: second.nom });
    expect(change(update, 'active')).toEqual({ champ: 'active', avant: 'Non', apres: 'Oui' });
    expect(change(update, 'champs_attendus')).toEqual({
      champ: 'champs_attendus', avant: 'aucun', apres: ['Nombre de salariés (obligatoire, si demandeur.description.pluriannuel égal à Oui)'],
    });
    expect(change(update, 'documents_attendus')).toEqual({ champ: 'documents_attendus', avant: 'aucun', apres: ['Statuts signés (facultatif)'] });
    expect(change(creation, 'service')).toEqual({ champ: 'service', avant: null, apres: first.nom });
    expect(change(creation, 'type_agrement')?.apres).not.toBe('JEP');
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(201);
    expect(change(of(duplicate.body._id as string)[0], 'duplique_de')?.apres).toBe(`${approval.code} (campagne 2026)`);
    const definition = of(champ.body.id as string)[0];
    expect(change(definition, 'type')?.apres).toBe('Nombre entier');
    expect(change(definition, 'meta')?.apres).toEqual(['options : a, b']);

    // No value of the page is JSON nor a bare id: every one a text or a list of texts.
    const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const entry of entries) {
      for (const c of entry.changements) {
        for (const value of [c.avant, c.apres].flatMap((v) => (v === null ? [] : Array.isArray(v) ? v : [v]))) {
          expect(typeof value, `${entry.entite}.${c.champ}`).toBe('string');
          expect(value, `${entry.entite}.${c.champ}`).not.toMatch(/[{[]/);
          if (UUID.test(value)) expect(value, `${entry.entite}.${c.champ}`).toMatch(/\(supprimé\)$/);
        }
      }
    }
  });

  it('reads a page at a time by keyset: the pages follow each other without overlap to the last one', async () => {
    for (let i = 0; i < 3; i += 1) await newApproval(admin.token);
    const whole = (await history(admin.token, { entite: 'agrement', limit: 100 })).body.entries as ChainHistoryEntry[];
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const read: number[] = [];
    let avant: number | null | undefined;
    do {
      const page = await history(admin.token, { entite: 'agrement', limit: 2, ...(avant ? { avant } : {}) });
      expect(page.status).toBe(200);
      expect(page.body.entries.length).toBeLessThanOrEqual(2);
      read.push(...(page.body.entries as ChainHistoryEntry[]).map((e) => e.seq));
      avant = page.body.suivant as number | null;
    } while (avant);
    expect(read).toEqual(whole.map((e) => e.seq));
  });

  it('never shows a secret value, and nothing of the subsidies’ catalogue nor of another chain', async () => {
    const secret = `jeton-${randomUUID()}`;
    const audit = t.app.services.audit;
    const actor = { id: null, email: `hist-${randomUUID().slice(0, 8)}@example.org` };
    const ownId = randomUUID();
    await t.db.$transaction(async (tx) => {
      await audit.record(tx, { associationId: CATALOGUE_AUDIT_CHAINS.agrement, actor, entity: 'agrement', entityId: ownId, action: 'update', before: { code: 'A', api_token: 'ancien' }, after: { code: 'B', api_token: secret } });
      // The subsidies' catalogue and an association's chain, with the same entity names: never read here.
      await audit.record(tx, { associationId: CATALOGUE_AUDIT_CHAINS.subvention, actor, entity: 'champ_attendu', entityId: randomUUID(), action: 'create', before: null, after: { code: 'sub' } });
      await audit.record(tx, { associationId: randomUUID(), actor, entity: 'agrement', entityId: randomUUID(), action: 'create', before: null, after: { type: 'JEP' } });
    });
    for (const query of [{}, ...APPROVAL_CATALOGUE_HISTORY_ENTITIES.map((entite) => ({ entite }))] as Record<string, string>[]) {
      const response = await history(admin.token, { ...query, limit: 100 });
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(secret);
      expect(JSON.stringify(response.body)).not.toContain('ancien');
      expect((response.body.entries as ChainHistoryEntry[]).filter((e) => e.auteur === actor.email).map((e) => e.entite_id)).toEqual(query.entite && query.entite !== 'agrement' ? [] : [ownId]);
    }
    const entry = ((await history(admin.token, { entite: 'agrement' })).body.entries as ChainHistoryEntry[]).find((e) => e.entite_id === ownId)!;
    expect(entry.changements).toContainEqual({ champ: 'api_token', avant: SECRET_MASK, apres: SECRET_MASK });
  });

  it('refuses a kind of element it does not hold, or a bad position, in French (400)', async () => {
    const unknown = await history(admin.token, { entite: 'note_page' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { entite: MESSAGES.badFormat('entite') } });
    const position = await history(admin.token, { avant: 0 });
    expect(position.status).toBe(400);
    expect(position.body.fields).toMatchObject({ avant: MESSAGES.badFormat('avant') });
  });

  it.each([...ROLE_SETS.approvalAdmins])('is read by %s', async (role) => {
    expect((await history(tokens.get(role)!)).status).toBe(200);
  });

  it.each(ROLES.filter((role) => !(ROLE_SETS.approvalAdmins as readonly Role[]).includes(role)))('is refused to %s (403), and without a token (401)', async (role) => {
    const refused = await history(tokens.get(role)!);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
    expect((await history(undefined)).status).toBe(401);
  });
});

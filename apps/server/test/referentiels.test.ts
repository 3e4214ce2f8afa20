// Referentials over HTTP (api-declaration-server): the seeded lists, filters and limits, the
// unknown type, and the administrators' edits with change detection, each audited.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REFERENTIEL_ADMIN_ROLES, REFERENTIEL_TYPES, type AuditEntryView, type Referentiel } from '@portail/contract';
import { CONTENT_AUDIT_CHAIN } from '../src/modules/audit/index.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BASE = '/api/api-declaration-server';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let member: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, { roles: ['rds.appli_admin'] });
  member = await signIn(t, { roles: ['lca.association'] });
});
afterAll(() => t.close());

const list = (query: Record<string, string | string[]> = {}) => t.http().get(`${BASE}/referentiels`).query(query);
const one = (query: Record<string, string>) => t.http().get(`${BASE}/referentiel`).query(query);
/** Sent with the administrator's token unless another (or null: none) is given. */
const patch = (id: string, body: object, token: string | null = admin.token) => {
  const request = t.http().patch(`${BASE}/referentiels/${id}`);
  return (token ? request.set(TOKEN_HEADER, token) : request).send(body);
};
async function referentiel(type: string, query: Record<string, string> = {}): Promise<Referentiel> {
  const response = await one({ type, ...query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Referentiel;
}

describe('seeded referentials', () => {
  it('holds every type of the contract, each with options', async () => {
    const response = await list({ type: REFERENTIEL_TYPES.join(','), limit: '1' });
    expect(response.status).toBe(200);
    expect((response.body as Referentiel[]).map((r) => r.type)).toEqual([...REFERENTIEL_TYPES]);
    for (const r of response.body as Referentiel[]) {
      expect(r.optionsCount, r.type).toBeGreaterThan(1);
      expect(r.options, r.type).toHaveLength(1);
    }
  });

  it('has realistic counts: communes, departements, regions', async () => {
    const [communes, departements, regions] = await Promise.all(['communes', 'departements', 'regions'].map((type) => referentiel(type)));
    expect(communes!.optionsCount).toBeGreaterThan(34_000);
    expect(departements!.optionsCount).toBeGreaterThanOrEqual(101);
    expect(regions!.optionsCount).toBeGreaterThanOrEqual(18);
    expect(departements!.options.find((d) => d.value === '2A')).toMatchObject({ label: 'Corse-du-Sud', meta: { region: '94' } });
    expect(regions!.options.find((r) => r.value === '11')?.label).toBe('Île-de-France');
  });

  it('gives a commune its INSEE code, postcodes, departement and region', async () => {
    const { options } = await referentiel('communes', { filterOptions: 'Saint-Étienne', limit: '1000' });
    expect(options.find((c) => c.value === '42218')).toEqual({
      value: '42218',
      label: 'Saint-Étienne',
      meta: { codesPostaux: ['42000', '42100', '42230'], departement: '42', region: '84' },
    });
  });

  it('lists FRANCE first with its COG code, then the other countries in alphabetical order', async () => {
    const { options } = await referentiel('pays');
    expect(options[0]).toMatchObject({ value: '99100', label: 'FRANCE' });
    expect(options.length).toBeGreaterThan(190);
    const rest = options.slice(1).map((o) => o.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(options.find((o) => o.label === 'ALLEMAGNE')?.value).toBe('99109');
    for (const o of options) expect(o.value).toMatch(/^99[1-5]\d{2}$/);
  });

  it("carries the spec's legal forms with their regime", async () => {
    const { options } = await referentiel('formes-juridiques');
    const byValue = new Map(options.map((o) => [o.value, o]));
    expect(byValue.get('9220')?.meta).toMatchObject({ regime: 'loi1901', groupe: 'Association' });
    expect(byValue.get('9260')?.meta).toMatchObject({ regime: 'alsaceMoselle' });
    expect(byValue.get('9230')?.meta).toMatchObject({ regime: 'autre' });
    for (const code of ['7210', '7220', '7225', '7229', '7230', '7312', '7313', '7343', '7348', '9210', '9221', '9222', '9223', '9224', '9240', '9300']) {
      expect(byValue.has(code), code).toBe(true);
    }
  });

  it('has street types, federations (SIREN unknown) and document types with their category', async () => {
    const [voies, federations, documents] = await Promise.all(['types-voie', 'federations-sportives', 'types-documents'].map((type) => referentiel(type)));
    expect(voies!.options.find((o) => o.value === 'BD')?.label).toBe('Boulevard');
    expect(voies!.options[0]).toMatchObject({ value: 'R', label: 'Rue' });
    expect(federations!.optionsCount).toBeGreaterThanOrEqual(90);
    expect(federations!.options.find((o) => o.value === 'football')?.meta).toEqual({ groupe: 'Olympique', sigle: 'FFF', siren: null });
    expect(new Set(federations!.options.map((o) => o.meta?.groupe))).toEqual(
      new Set(['Olympique', 'Non olympique', 'Multisports et affinitaire', 'Scolaire et universitaire']),
    );
    for (const code of ['REC', 'STC', 'LDC']) expect(documents!.options.find((o) => o.value === code)?.meta).toEqual({ categorie: 'Association' });
  });
});

describe('GET /referentiels filters', () => {
  it('accepts types repeated or comma-separated, in the order asked, and ignores unknown types', async () => {
    const response = await list({ type: ['regimes,domaines', 'inconnu', 'regions'] });
    expect(response.status).toBe(200);
    expect((response.body as Referentiel[]).map((r) => r.type)).toEqual(['regimes', 'domaines', 'regions']);
  });

  it('filters by categorie', async () => {
    const response = await list({ categorie: 'Territoire', limit: '1' });
    expect((response.body as Referentiel[]).map((r) => r.type).sort()).toEqual(['communes', 'departements', 'regions']);
  });

  it('filters options without accents or case: "saint-etienne" finds "Saint-Étienne"', async () => {
    for (const filterOptions of ['saint-etienne', 'SAINT ÉTIENNE', "saint-étienne-du-gué-de-l'isle"]) {
      const response = await list({ type: 'communes', filterOptions });
      const [communes] = response.body as Referentiel[];
      expect(communes!.options.some((c) => c.label.startsWith('Saint-Étienne')), filterOptions).toBe(true);
      expect(communes!.options.every((c) => c.label.includes('Saint-Étienne')), filterOptions).toBe(true);
    }
    const { options } = await referentiel('regions', { filterOptions: 'ile-de-france' });
    expect(options.map((o) => o.label)).toEqual(['Île-de-France']);
  });

  it("reads '%' and '_' in the filter as plain characters, not wildcards", async () => {
    for (const filterOptions of ['%', '_', '75_56', '7505%', '%%%']) {
      const { options } = await referentiel('communes', { filterOptions });
      expect(options, filterOptions).toEqual([]);
    }
  });

  it('finds an option by its exact value too (an INSEE code)', async () => {
    const { options } = await referentiel('communes', { filterOptions: '75056' });
    expect(options.map((o) => o.label)).toEqual(['Paris']);
  });

  it('cuts lists of more than 1 000 options to 100 by default, any list to the limit asked', async () => {
    const [communes, pays] = (await list({ type: 'communes,pays' })).body as Referentiel[];
    expect(communes!.options).toHaveLength(100);
    expect(communes!.optionsCount).toBeGreaterThan(34_000);
    expect(pays!.options.length).toBe(pays!.optionsCount);

    const limited = (await list({ type: 'communes,pays', limit: '1000' })).body as Referentiel[];
    expect(limited[0]!.options).toHaveLength(1000);
    expect(limited[1]!.options).toHaveLength(Math.min(1000, pays!.optionsCount));
    expect((await referentiel('pays', { limit: '3' })).options.map((o) => o.label)[0]).toBe('FRANCE');
  });

  it('refuses a limit above 1 000 or below 1, in French', async () => {
    for (const limit of ['1001', '0', 'abc']) {
      const response = await list({ type: 'pays', limit });
      expect(response.status, limit).toBe(400);
      expect(response.body.message).toContain(MESSAGES.invalidForm);
      expect(response.body.fields).toHaveProperty('limit');
    }
  });
});

describe('GET /referentiel', () => {
  it('answers 404 in French for an unknown type', async () => {
    const response = await one({ type: 'inconnu' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Le référentiel « inconnu » n'existe pas.", status: 404, code: 'REFERENTIEL_NOT_FOUND' });
  });

  it("answers 400 'Missing \"type\" argument.' without a type", async () => {
    const response = await one({});
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ type: 'Missing "type" argument.' });
  });
});

describe('PATCH /referentiels/:id', () => {
  it('lets an administrator change the label, the categorie and the options (full list, in order)', async () => {
    const before = await referentiel('civilites');
    const response = await patch(before._id, {
      label: 'Civilités des personnes',
      categorie: 'Personnes',
      options: [
        { value: 'Mme', label: 'Madame' },
        { value: 'M.', label: 'Monsieur', meta: { court: 'M.' } },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      _id: before._id,
      type: 'civilites',
      label: 'Civilités des personnes',
      categorie: 'Personnes',
      options: [
        { value: 'Mme', label: 'Madame', meta: null },
        { value: 'M.', label: 'Monsieur', meta: { court: 'M.' } },
      ],
      optionsCount: 2,
    });
    expect(await referentiel('civilites')).toEqual(response.body);
    // The stored search label follows the new label.
    expect((await referentiel('civilites', { filterOptions: 'MONSIEUR' })).options.map((o) => o.value)).toEqual(['M.']);
  });

  it("answers 400 'Aucun changement n'a été détécté.' when nothing changes", async () => {
    const current = await referentiel('durees-activite');
    for (const body of [
      {},
      { label: current.label },
      { label: current.label, categorie: current.categorie, options: current.options },
      // Same metas with keys in another order, meta omitted where it is null.
      { options: current.options.map(({ value, label }) => ({ value, label })) },
    ]) {
      const response = await patch(current._id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ message: "Aucun changement n'a été détécté.", status: 400, code: 'NO_CHANGE_DETECTED' });
    }
    const regions = await referentiel('regions');
    const reordered = regions.options.map((o) => ({ ...o, meta: Object.fromEntries(Object.entries(o.meta ?? {}).reverse()) }));
    expect((await patch(regions._id, { options: reordered })).status).toBe(400);
  });

  it("writes each change to the content's audit chain, which the LCA administrators' history reads: the values added, removed or changed, not the whole lists; a refused change writes none", async () => {
    const current = await referentiel('types-activite-agricole');
    expect(current.options.length).toBeGreaterThanOrEqual(2);
    const [first, second, ...rest] = current.options;
    const response = await patch(current._id, {
      label: 'Activités agricoles',
      options: [{ ...second!, label: `${second!.label} (modifié)` }, ...rest, { value: 'NOUVELLE', label: 'Nouvelle activité' }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const entries = () => t.db.auditEntry.count({ where: { associationId: CONTENT_AUDIT_CHAIN, entity: 'referentiel', entityId: current._id } });
    expect(await entries()).toBe(1);
    expect((await patch(current._id, { label: 'Activités agricoles' })).status).toBe(400);
    expect(await entries()).toBe(1);

    const lca = await signIn(t, { roles: ['lca.admin'] });
    const history = await t.http().get('/api/lca-server/contenus/historique').query({ entite: 'referentiel' }).set(TOKEN_HEADER, lca.token);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const entry = (history.body.entries as AuditEntryView[]).find((e) => e.entite_id === current._id) as AuditEntryView & { element: string };
    expect(entry).toMatchObject({ entite: 'referentiel', action: 'update', auteur: admin.account.email, element: 'Activités agricoles' });
    expect([...entry.changements].sort((a, b) => a.champ.localeCompare(b.champ))).toEqual([
      { champ: 'label', avant: current.label, apres: 'Activités agricoles' },
      // Options named by their labels; a removed one, no longer there to name, by its value.
      { champ: 'options_ajoutees', avant: null, apres: 'Nouvelle activité' },
      { champ: 'options_modifiees', avant: null, apres: `${second!.label} (modifié)` },
      { champ: 'options_retirees', avant: null, apres: first!.value },
    ]);
    expect(await t.app.services.audit.verifyChain(CONTENT_AUDIT_CHAIN)).toBeNull();
  });

  it('refuses non-admins (403) and anonymous callers (401)', async () => {
    const { _id } = await referentiel('domaines');
    const forbidden = await patch(_id, { label: 'Domaines' + randomUUID() }, member.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MESSAGES.forbidden);
    const anonymous = await patch(_id, { label: 'Domaines' + randomUUID() }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(MESSAGES.unauthenticated);
    expect(REFERENTIEL_ADMIN_ROLES).toEqual(['lca.admin', 'rds.admin', 'rds.appli_admin', 'osiris.appli_admin']);
  });

  it('answers 400 in French to a bad body, and 404 to an unknown id', async () => {
    const { _id } = await referentiel('domaines');
    const cases: [object, string][] = [
      [{ label: '' }, 'label'],
      [{ label: 12 }, 'label'],
      [{ options: [{ value: '', label: 'Vide' }] }, 'options.0.value'],
      [{ options: [{ value: 'A', label: 'A' }, { value: 'A', label: 'B' }] }, 'options.1.value'],
      [{ options: 'Sport' }, 'options'],
      [{ couleur: 'bleu' }, 'corps'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(_id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toContain(MESSAGES.invalidForm);
      expect(Object.keys(response.body.fields), JSON.stringify(body)).toContain(field);
    }
    const duplicate = await patch(_id, { options: [{ value: 'A', label: 'A' }, { value: 'A', label: 'B' }] });
    expect(duplicate.body.fields['options.1.value']).toBe('La valeur « A » apparaît plusieurs fois dans les options.');

    const unknown = await patch(randomUUID(), { label: 'Nouveau' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Ce référentiel n'existe pas.");
    expect((await patch('pas-un-id', { label: 'Nouveau' })).status).toBe(400);
  });
});

describe('GET /referentiels/historique', () => {
  const history = (token: string | null, query: Record<string, string> = {}) => {
    const request = t.http().get(`${BASE}/referentiels/historique`).query(query);
    return token ? request.set(TOKEN_HEADER, token) : request;
  };

  it("gives the referentials' administrators their changes only, newest first, a page at a time, nothing of the rest of the content", async () => {
    const rdsAdmin = await signIn(t, { roles: ['rds.admin'] });
    const lca = await signIn(t, { roles: ['lca.admin'] });
    const civilites = await referentiel('civilites');
    const domaines = await referentiel('domaines');
    expect((await patch(civilites._id, { label: `Civilités ${randomUUID().slice(0, 6)}` })).status).toBe(200);
    // A link of the content's chain, written between two referentials' changes.
    const link = await t.http().post('/api/lca-server/urls').set(TOKEN_HEADER, lca.token).send({ code: `lien-${randomUUID().slice(0, 8)}`, libelle: 'Service public', url: 'https://www.service-public.fr/' });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const renamed = `Domaines ${randomUUID().slice(0, 6)}`;
    expect((await patch(domaines._id, { label: renamed }, rdsAdmin.token)).status).toBe(200);

    const first = await history(rdsAdmin.token, { limit: '1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.entries).toHaveLength(1);
    expect(first.body.entries[0]).toMatchObject({
      entite: 'referentiel', action: 'update', entite_id: domaines._id, auteur: rdsAdmin.account.email, element: renamed,
      changements: [{ champ: 'label', avant: domaines.label, apres: renamed }],
    });
    expect(first.body.suivant).toEqual(expect.any(Number));

    // The pages follow each other without overlap, to the last one: every referential's change, nothing else.
    const seqs: number[] = [];
    let avant: number | null = null;
    do {
      const page = await history(admin.token, { limit: '2', ...(avant ? { avant: String(avant) } : {}) });
      expect(page.status).toBe(200);
      for (const entry of page.body.entries as (AuditEntryView & { element: string | null })[]) {
        expect(entry.entite).toBe('referentiel');
        seqs.push(entry.seq);
      }
      avant = page.body.suivant as number | null;
    } while (avant);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs.length).toBe(await t.db.auditEntry.count({ where: { associationId: CONTENT_AUDIT_CHAIN, entity: 'referentiel' } }));
    expect(seqs.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses the other roles (403) and anonymous callers (401), and a bad page position in French (400)', async () => {
    for (const roles of [['lca.association'], ['rds.user'], ['rds.service'], ['osiris.admin-programme']] as const) {
      const response = await history((await signIn(t, { roles: [...roles] })).token);
      expect(response.status, roles.join()).toBe(403);
      expect(response.body.message).toBe(MESSAGES.forbidden);
    }
    expect((await history(null)).status).toBe(401);
    for (const query of [{ avant: '0' }, { avant: 'abc' }, { limit: '101' }] as Record<string, string>[]) {
      const response = await history(admin.token, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.message).toContain(MESSAGES.invalidForm);
    }
  });
});

// GET /api/open-data/subventions.csv (docs/domain.md « Données ouvertes des subventions accordées »):
// public, the granted instructions of one exercise above 23 000 €, in the SCDL « subventions » 2.1.1
// format. The header and every row are checked against the schema's published field list, kept
// beside this file (fixtures/scdl/subventions-schema-2.1.1.json): types, patterns, lengths, values,
// and the schema's custom checks (SIRET keys, a SIRET or an RNA). Then caching, the French 400s, the
// keyset batches and the per-IP limit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid, MESSAGES, OPEN_DATA_MAX_AGE_SECONDS } from '@portail/contract';
import { createOpenDataRepository, createOpenDataService } from '../src/modules/open-data/index.ts';
import { createAssociation, siretOf, newSiren, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createCompleteDossier, createDossier, createFinancingLines, createScheme, instructionCalls, signInService, type ServiceAgent, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface SchemaField {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'date';
  trueValues?: string[];
  falseValues?: string[];
  constraints?: { required?: boolean; pattern?: string; maxLength?: number; enum?: string[]; minimum?: number; maximum?: number };
}
const SCHEMA = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/scdl/subventions-schema-2.1.1.json'), 'utf8')) as {
  version: string;
  fields: SchemaField[];
  custom_checks: { name: string; params: Record<string, string> }[];
};

const PATH = '/api/open-data/subventions.csv';
const EXERCICE = 2026;

/** RFC 4180 records (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** What the schema says is wrong with the value of a field (null: nothing). */
function fieldProblem(field: SchemaField, value: string): string | null {
  const c = field.constraints ?? {};
  if (value === '') return c.required ? 'required' : null;
  if (field.type === 'date' && !isIsoDate(value)) return 'date';
  if (field.type === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(value)) return 'number (a dot for decimals)';
    const n = Number(value);
    if (c.minimum !== undefined && n < c.minimum) return 'minimum';
    if (c.maximum !== undefined && n > c.maximum) return 'maximum';
  }
  if (field.type === 'integer' && !/^-?\d+$/.test(value)) return 'integer';
  if (field.type === 'boolean' && ![...(field.trueValues ?? ['true']), ...(field.falseValues ?? ['false'])].includes(value)) return 'boolean';
  if (c.pattern && !new RegExp(c.pattern).test(value)) return `pattern ${c.pattern}`;
  if (c.maxLength !== undefined && [...value].length > c.maxLength) return 'maxLength';
  if (c.enum && !c.enum.includes(value)) return 'enum';
  return null;
}

/** Every problem of the row against the schema and its custom checks. */
function rowProblems(header: string[], row: string[]): string[] {
  const record = Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']));
  const problems: string[] = [];
  if (row.length !== header.length) problems.push(`${row.length} cells for ${header.length} columns`);
  for (const field of SCHEMA.fields) {
    const problem = fieldProblem(field, record[field.name]!);
    if (problem) problems.push(`${field.name}=${JSON.stringify(record[field.name])}: ${problem}`);
  }
  for (const check of SCHEMA.custom_checks) {
    if (check.name === 'french-siret-value') {
      const value = record[check.params.column!]!;
      if (value !== '' && !(/^\d{14}$/.test(value) && luhnValid(value))) problems.push(`${check.params.column}: not a SIRET`);
    } else if (check.name === 'one-of-required') {
      if (record[check.params.column1!] === '' && record[check.params.column2!] === '') problems.push('no SIRET nor RNA');
    } else problems.push(`unknown custom check ${check.name}`);
  }
  return problems;
}

let t: TestApp;
let agent: ServiceAgent;
let asso: TestAssociation;
let scheme: SubsidyScheme;
const SERVICE_SIRET = siretOf(newSiren(), '0017');
/** id_fo of the dossiers the file must hold, and of those it must not. */
const published = new Map<string, { montant: string; periode: string; conditions: string }>();
const withheld: string[] = [];

/** A dossier with one project, its instruction in `etat`, the service's line of `annee` granted `montant`. */
async function grant(etat: string, montant: number | null, options: { annee?: number; serviceId?: string; payments?: string[]; deleted?: boolean; grantedOn?: Date } = {}) {
  const serviceId = options.serviceId ?? agent.serviceId;
  const dossier = await createDossier(t, asso, scheme, [serviceId], { etat });
  const projet = await t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: 1, intitule: `Projet ${dossier.idFo}`, exercice: EXERCICE, exerciceFin: EXERCICE } });
  await t.db.projetFinancement.create({ data: { projetId: projet.id, annee: options.annee ?? EXERCICE, serviceId, montantDemande: montant ?? 1000, montantAccorde: montant } });
  const instruction = await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: dossier.id } });
  const history = (toState: string, event: string, createdAt: Date) =>
    t.db.stateHistory.create({ data: { machine: 'dossier_instruction', objectId: instruction.id, associationId: asso.id, fromState: '2', toState, event, createdAt } });
  await history('6', 'accorder', options.grantedOn ?? new Date('2026-02-10T23:30:00Z'));
  for (const date of options.payments ?? []) {
    const h = await history('7', 'mettre_en_paiement', new Date(`${date}T10:00:00Z`));
    await t.db.dossierPaiement.create({ data: { instructionId: instruction.id, historyId: h.id, date: new Date(date), montant: 1000 } });
  }
  if (options.deleted) await t.db.dossier.update({ where: { id: dossier.id }, data: { deletedAt: new Date() } });
  return dossier;
}

async function fetchCsv(query: Record<string, string> = { exercice: String(EXERCICE) }, headers: Record<string, string> = {}) {
  const response = await t.http().get(PATH).query(query).set(headers).buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => done(null, text));
  });
  return { response, text: response.body as string };
}

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  agent = await signInService(t, 'Direction régionale de test');
  await t.db.serviceAccount.update({ where: { id: agent.serviceId }, data: { siret: SERVICE_SIRET } });
  asso = await createAssociation(t, { nom: 'Club "Les Rameurs", Lyon' });
  scheme = await createScheme(t, { serviceIds: [agent.serviceId] });

  // Granted above the threshold, granted on 10 February in Paris (23:30 UTC on the 10th is the 11th in Paris).
  const granted = await grant('6', 30000.5, { grantedOn: new Date('2026-02-10T23:30:00Z') });
  published.set(granted.idFo, { montant: '30000.50', periode: '2026-01-01/2026-12-31', conditions: 'unique' });
  const paidTwice = await grant('9', 48000, { payments: ['2026-03-01', '2026-06-15'] });
  published.set(paidTwice.idFo, { montant: '48000.00', periode: '2026-03-01/2026-06-15', conditions: 'échelonné' });
  const paidOnce = await grant('7', 23000.01, { payments: ['2026-04-02'] });
  published.set(paidOnce.idFo, { montant: '23000.01', periode: '2026-04-02', conditions: 'unique' });
  const closed = await grant('10', 100000);
  published.set(closed.idFo, { montant: '100000.00', periode: '2026-01-01/2026-12-31', conditions: 'unique' });

  // Not published: at the threshold, not granted, refused, another year's line, deleted, a service without SIRET.
  withheld.push((await grant('6', 23000)).idFo);
  withheld.push((await grant('2', 90000)).idFo);
  withheld.push((await grant('4', 90000)).idFo);
  withheld.push((await grant('11', 90000)).idFo);
  withheld.push((await grant('6', 90000, { annee: EXERCICE + 1 })).idFo);
  withheld.push((await grant('8', 90000, { deleted: true })).idFo);
  const noSiret = await signInService(t, 'Service sans SIRET');
  withheld.push((await grant('6', 90000, { serviceId: noSiret.serviceId })).idFo);
});
afterAll(() => t.close());

describe('the SCDL file', () => {
  it('is public, in CSV, its header the schema 2.1.1 columns in their order', async () => {
    expect(SCHEMA.version).toBe('2.1.1');
    const { response, text } = await fetchCsv();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="subventions-${EXERCICE}.csv"`);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const [header] = parseCsv(text);
    expect(header).toEqual(SCHEMA.fields.map((field) => field.name));
  });

  it('holds exactly the granted dossiers above 23 000 €, each row valid against the schema', async () => {
    const { text } = await fetchCsv();
    const [header, ...rows] = parseCsv(text);
    for (const row of rows) expect(rowProblems(header!, row), row.join(',')).toEqual([]);
    const byRef = new Map(rows.map((row) => [row[header!.indexOf('referenceDecision')]!, Object.fromEntries(header!.map((name, i) => [name, row[i]!]))]));
    expect([...byRef.keys()].sort()).toEqual([...published.keys()].sort());
    for (const idFo of withheld) expect(text).not.toContain(idFo);
    for (const [idFo, expected] of published) {
      expect(byRef.get(idFo)).toMatchObject({
        nomAttribuant: 'Direction régionale de test',
        idAttribuant: SERVICE_SIRET,
        nomBeneficiaire: 'Club "Les Rameurs", Lyon',
        idBeneficiaire: asso.siege,
        rnaBeneficiaire: asso.rna,
        objet: `Projet ${idFo}`,
        montant: expected.montant,
        nature: 'aide en numéraire',
        conditionsVersement: expected.conditions,
        datesPeriodeVersement: expected.periode,
        idRAE: '',
        notificationUE: 'non',
        pourcentageSubvention: '1',
      });
    }
    // The day of the grant in Paris.
    expect([...byRef.values()].every((row) => row.dateConvention === '2026-02-11')).toBe(true);
  });

  it('holds no personal data: no address, no representative', async () => {
    const { text } = await fetchCsv();
    expect(text).not.toContain('@');
    expect(text).not.toContain('Martin');
    expect(text).not.toContain('0612345678');
  });

  it('is written by the engine’s own grants too (a dossier granted and paid through the API)', async () => {
    const dossier = await createCompleteDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const [line] = await createFinancingLines(t, dossier.id, [agent.serviceId], 40000);
    const calls = instructionCalls(t, agent.token);
    expect((await calls.fire(dossier.id, agent.serviceId, { event: 'ouvrir_instruction' })).status).toBe(200);
    const granted = await calls.fire(dossier.id, agent.serviceId, { event: 'accorder', montants: [{ ...line, montant_accorde: 35000 }] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const paid = await calls.fire(dossier.id, agent.serviceId, { event: 'mettre_en_paiement', paiement: { date: '2026-05-04', montant: 35000 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { text } = await fetchCsv();
    const [header, ...rows] = parseCsv(text);
    const row = rows.find((r) => r[header!.indexOf('referenceDecision')] === dossier.idFo);
    expect(row).toBeDefined();
    expect(rowProblems(header!, row!)).toEqual([]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(row![header!.indexOf('dateConvention')]).toBe(today);
    expect(row![header!.indexOf('montant')]).toBe('35000.00');
    expect(row![header!.indexOf('datesPeriodeVersement')]).toBe('2026-05-04');
  });

  it('is empty but for its header for an exercise without grant', async () => {
    const { response, text } = await fetchCsv({ exercice: '2031' });
    expect(response.status).toBe(200);
    expect(text).toBe(`${SCHEMA.fields.map((f) => f.name).join(',')}\r\n`);
  });
});

describe("the attributing service's SIRET", () => {
  it('is written by a manager on the service record, checked (Luhn key), and names the service in the file', async () => {
    const manager = await signIn(t, { roles: ['rds.admin'] });
    const other = await signInService(t, 'Service départemental de test');
    const patch = (siret: string | null) =>
      t.http().patch(`/api/rds-server/services/${other.serviceId}`).set(TOKEN_HEADER, manager.token).send({ siret });
    const refused = await patch('12345678901234');
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ siret: MESSAGES.badFormat('SIRET') });
    const siret = siretOf(newSiren(), '0042');
    const written = await patch(siret);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.siret).toBe(siret);
    const dossier = await grant('6', 61000, { serviceId: other.serviceId });
    const { text } = await fetchCsv();
    const [header, ...rows] = parseCsv(text);
    const row = rows.find((r) => r[header!.indexOf('referenceDecision')] === dossier.idFo)!;
    expect(row[header!.indexOf('idAttribuant')]).toBe(siret);
    expect(row[header!.indexOf('nomAttribuant')]).toBe('Service départemental de test');
    published.set(dossier.idFo, { montant: '61000.00', periode: '2026-01-01/2026-12-31', conditions: 'unique' });
  });
});

describe('caching', () => {
  it('says how long to keep it, with an ETag and Last-Modified; the same copy asked again is 304', async () => {
    const { response } = await fetchCsv();
    expect(response.headers['cache-control']).toBe(`public, max-age=${OPEN_DATA_MAX_AGE_SECONDS}`);
    const etag = response.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const lastModified = response.headers['last-modified']!;
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

    const again = await fetchCsv(undefined, { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.response.headers.etag).toBe(etag);
    expect((await fetchCsv(undefined, { 'if-modified-since': lastModified })).response.status).toBe(304);
    expect((await fetchCsv(undefined, { 'if-none-match': '"autre"' })).response.status).toBe(200);
  });

  it('changes its ETag when a grant changes', async () => {
    const before = (await fetchCsv()).response.headers.etag;
    const dossier = await grant('6', 25000);
    const after = await fetchCsv(undefined, { 'if-none-match': before! });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.etag).not.toBe(before);
    expect(after.text).toContain(dossier.idFo);
    published.set(dossier.idFo, { montant: '25000.00', periode: '2026-01-01/2026-12-31', conditions: 'unique' });
  });
});

describe('the exercise asked', () => {
  it.each([
    [{}, MESSAGES.required('exercice')],
    [{ exercice: '' }, MESSAGES.required('exercice')],
    [{ exercice: 'deux mille' }, MESSAGES.badFormat('exercice')],
    [{ exercice: '2026.5' }, MESSAGES.badFormat('exercice')],
    [{ exercice: '1999' }, MESSAGES.badFormat('exercice')],
    [{ exercice: '2101' }, MESSAGES.badFormat('exercice')],
  ])('%j answers a French 400', async (query, message) => {
    const response = await t.http().get(PATH).query(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: { exercice: message } });
  });
});

describe('the rows are read by keyset batches', () => {
  it('gives every row once, in batches of the size asked', async () => {
    const service = createOpenDataService(createOpenDataRepository(t.db), { batch: 2 });
    const batches: string[][] = [];
    for await (const records of service.records(EXERCICE)) batches.push(records.map((r) => r.referenceDecision));
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    const all = batches.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(published.size + 1);
  });
});

describe('the per-IP limit', () => {
  it('answers the French 429 beyond RATE_LIMIT_OPEN_DATA', async () => {
    const limited = await startTestApp({ logLevel: 'fatal', rateLimits: { ...t.config.rateLimits, openData: { perIp: 2, perAccount: 2, windowMs: 60_000 } } });
    try {
      const call = () => limited.http().get(PATH).query({ exercice: String(EXERCICE), _: randomUUID() });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});

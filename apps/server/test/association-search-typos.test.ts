// Name search with misspelt words: each word of the term absent from the dictionary of the names'
// words (association_search_words) is replaced by its nearest word before the search, and the
// dictionary follows the associations' creations, renames, deletions and restorations (trigger).
// Real PostgreSQL with the demo registry, real HTTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRegistry } from '../src/seed/demo-registry.ts';
import { createSearchRepository } from '../src/modules/proxy-asso/search/repository.ts';
import { searchableName } from '../src/modules/proxy-asso/search/text.ts';
import { createAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
const URL = '/api/proxy-asso/association/search';

async function searchIds(q: string): Promise<string[]> {
  const response = await t.http().get(URL).query({ q }).set(TOKEN_HEADER, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items.map((i: { id_correspondance: string }) => i.id_correspondance);
}

/** The dictionary's count of live names holding `word` (0 when the word is not in it). */
async function wordCount(word: string): Promise<number> {
  const rows = await t.db.$queryRaw<{ associations: number }[]>`
    SELECT associations FROM association_search_words WHERE word = ${word}`;
  return rows[0]?.associations ?? 0;
}

/** An association named `nom`, with nom_recherche as the portal's writers fill it. */
async function named(nom: string) {
  const created = await createAssociation(t, { nom });
  await t.db.association.update({ where: { id: created.id }, data: { nomRecherche: searchableName(nom) } });
  return created;
}

const rename = (id: string, nom: string) =>
  t.db.association.update({ where: { id }, data: { nom, nomRecherche: searchableName(nom) } });

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoRegistry(t.db);
  token = (await signIn(t, { roles: ['lca.association'] })).token;
});
afterAll(() => t.close());

describe('typos corrected against the dictionary of the names\' words', () => {
  it('finds the associations named with Toulouse from « tolouse »', async () => {
    const judo = await named('Judo club de Toulouse');
    const amis = await named('Les amis du vieux Toulouse');
    const found = await searchIds('tolouse');
    expect(found).toEqual(expect.arrayContaining([judo.id, amis.id]));
    expect((await searchIds('judo club tolouse'))[0]).toBe(judo.id);
    // The corrected term is the one searched: the same results as the word spelt right.
    expect(new Set(found)).toEqual(new Set(await searchIds('toulouse')));
  });

  it('finds a word with two letters wrong', async () => {
    const harmonie = await named('Harmonie municipale de Villeurbanne');
    expect(await searchIds('vileurbane')).toContain(harmonie.id); // two letters missing
    expect(await searchIds('harmonie villuerbanne')).toContain(harmonie.id); // two letters swapped
    const repository = createSearchRepository(t.db);
    expect((await repository.correctTerm('harmonie vileurbane')).term).toBe('harmonie villeurbanne');
  });

  it('leaves known words, short words and numbers as typed', async () => {
    const repository = createSearchRepository(t.db);
    expect(await repository.correctTerm('comite des fetes')).toMatchObject({ term: 'comite des fetes', corrections: [] });
    expect(await repository.correctTerm('xq 2024 de')).toEqual({ term: 'xq 2024 de', corrections: [], frequencies: {} });
    const corrected = await repository.correctTerm('comite des fetse');
    expect(corrected).toMatchObject({ term: 'comite des fetes', corrections: [{ word: 'fetse', replacement: 'fetes' }] });
    // With how many live names hold each word, as the dictionary counts them.
    expect(corrected.frequencies.fetes).toBe(await wordCount('fetes'));
    expect(corrected.frequencies.fetes).toBeGreaterThan(0);
  });
});

describe('the rare-word path', () => {
  it('answers, from the names holding the term\'s rarest word, what the general steps answer', async () => {
    const repository = createSearchRepository(t.db);
    const ids = (r: { rows: { id: string }[] }) => new Set(r.rows.map((row) => row.id));
    for (const q of ['theatre de demonstration', 'harmonie municipale de villeurbanne', 'judo club de toulouse']) {
      const { term, frequencies } = await repository.correctTerm(q);
      expect(Math.min(...Object.values(frequencies)), q).toBeLessThan(50);
      const options = { offset: 0, limit: 50, countCap: 1000 };
      const rare = await repository.searchByName(term, { ...options, frequencies });
      const general = await repository.searchByName(term, options);
      expect(rare.rows.length, q).toBeGreaterThan(0);
      expect(ids(rare), q).toEqual(ids(general));
      expect({ total: rare.total, exact: rare.totalExact }, q).toEqual({ total: general.total, exact: true });
      expect(rare.rows[0]!.id, q).toBe(general.rows[0]!.id);
    }
  });
});

describe('the all-words plan (common words, exact intersection of their names)', () => {
  it('answers from the names starting with the term, then the names holding every word, never a name lacking one', async () => {
    const starts = await named('Brastamor Quintoflexes'); // starts with the term, lacks the word « quintoflex »
    const both = await named('Brastamor Quintoflex');
    const apart = await named('Club Brastamor de Quintoflex');
    const one = await named('Brastamor sans l autre');
    const repository = createSearchRepository(t.db);
    // Counts as a large registry would have them: the all-words plan, not the rare one.
    const frequencies = { brastamor: 20_000, quintoflex: 25_000 };
    const found = await repository.searchByName('brastamor quintoflex', { offset: 0, limit: 3, countCap: 1000, frequencies });
    expect(found.plan).toBe('all-words');
    expect(found.rows.map((row) => row.id)).toEqual([both.id, starts.id, apart.id]);
    expect(found.rows.map((row) => row.id)).not.toContain(one.id);
    expect(found.totalExact).toBe(false);
    // The names starting with the term fill a smaller page: the page is theirs, and the names
    // holding every word, few, are counted with them (not the cap).
    const prefixOnly = await repository.searchByName('brastamor quintoflex', { offset: 0, limit: 2, countCap: 1000, frequencies });
    expect({ plan: prefixOnly.plan, ids: prefixOnly.rows.map((row) => row.id), total: prefixOnly.total })
      .toEqual({ plan: 'all-words', ids: [both.id, starts.id], total: 3 });
  });
});

describe('the all-words plan falling back to the common plan', () => {
  it('answers as the common plan, in the same statement, when the names holding every word do not fill the page', async () => {
    await Promise.all(['Trombelique Zanfaroise', 'Club Trombelique de Zanfaroise', 'Trombelique seule'].map(named));
    const repository = createSearchRepository(t.db);
    const options = { offset: 0, limit: 10, countCap: 1000 };
    const fallback = await repository.searchByName('trombelique zanfaroise', { ...options, frequencies: { trombelique: 20_000, zanfaroise: 25_000 } });
    const common = await repository.searchByName('trombelique zanfaroise', options);
    expect(fallback.plan).toBe('common');
    expect(fallback.rows.length).toBeGreaterThanOrEqual(2);
    expect({ ids: fallback.rows.map((row) => row.id), total: fallback.total, exact: fallback.totalExact })
      .toEqual({ ids: common.rows.map((row) => row.id), total: common.total, exact: common.totalExact });
  });
});

describe('the all-words plan\'s total', () => {
  const frequencies = { glimbarde: 20_000, vostrenac: 25_000 };
  const term = 'glimbarde vostrenac';

  it('counts the names holding every word when they are few, though the names starting with the term fill the page', async () => {
    const starting = await Promise.all(['Glimbarde Vostrenac', 'Glimbarde Vostrenac club', 'Glimbarde Vostrenac et amis'].map(named));
    const lacking = await named('Glimbarde Vostrenacois'); // starts with the term, lacks « vostrenac »
    const holding = await Promise.all(['Club Glimbarde de Vostrenac', 'Amis de Glimbarde Vostrenac'].map(named));
    // Holds both words, too far from the term to match it: never shown, never counted.
    await named('Vostrenac et les anciens du quartier de la vieille ville haute Glimbarde');
    await named('Glimbarde seule'); // lacks a word
    const repository = createSearchRepository(t.db);
    const first = await repository.searchByName(term, { offset: 0, limit: 2, countCap: 1000, frequencies });
    expect(first.plan).toBe('all-words');
    expect(first.rows.map((row) => row.id)).toEqual([starting[0]!.id, starting[1]!.id]);
    // 4 names starting with the term (one lacking a word) and 2 others holding both words.
    expect({ total: first.total, exact: first.totalExact }).toEqual({ total: 6, exact: false });
    // Every counted name is served, on the pages the total promises.
    const all = await repository.searchByName(term, { offset: 0, limit: 6, countCap: 1000, frequencies });
    expect(new Set(all.rows.map((row) => row.id)))
      .toEqual(new Set([...starting, lacking, ...holding].map((a) => a.id)));
    expect(all.total).toBe(6);
  });

  it('keeps the cap, as a lower bound, when more names than the cap hold every word or start with the term', async () => {
    const repository = createSearchRepository(t.db);
    // The names above: 6 hold both words (the far one too), 4 start with the term.
    const capped = await repository.searchByName(term, { offset: 0, limit: 2, countCap: 4, frequencies });
    expect({ plan: capped.plan, total: capped.total, exact: capped.totalExact }).toEqual({ plan: 'all-words', total: 4, exact: false });
    // 3 more names starting with the term, lacking « vostrenac »: 7 start with it, 6 hold both words.
    await Promise.all(['Glimbarde Vostrenacien', 'Glimbarde Vostrenacaise', 'Glimbarde Vostrenacoises'].map(named));
    const prefixBeyond = await repository.searchByName(term, { offset: 0, limit: 2, countCap: 6, frequencies });
    expect({ total: prefixBeyond.total, exact: prefixBeyond.totalExact }).toEqual({ total: 6, exact: false });
    const within = await repository.searchByName(term, { offset: 0, limit: 2, countCap: 10, frequencies });
    expect(within.total).toBe(9);
  });
});

describe('the dictionary follows the associations', () => {
  it('learns the words of a new association, and its typos find it at once', async () => {
    expect(await wordCount('zorglubinette')).toBe(0);
    const created = await named('Cercle des Zorglubinette');
    expect(await wordCount('zorglubinette')).toBe(1);
    expect(await searchIds('zorglubinete')).toEqual([created.id]);
  });

  it('forgets the old words and learns the new ones of a renamed association', async () => {
    const created = await named('Amicale Plouzitronde');
    expect(await wordCount('plouzitronde')).toBe(1);
    await rename(created.id, 'Amicale Brastiquolle');
    expect(await wordCount('plouzitronde')).toBe(0);
    expect(await wordCount('brastiquolle')).toBe(1);
    expect(await searchIds('brastiqolle')).toEqual([created.id]);
    expect(await searchIds('plouzitrnde')).not.toContain(created.id);
  });

  it('counts the names holding a word: a deletion forgets it only with its last name, a restoration brings it back', async () => {
    const first = await named('Club Quentrafilou');
    const second = await named('Quentrafilou Basket');
    expect(await wordCount('quentrafilou')).toBe(2);
    // Soft deletion (deleted_at) as the portal does it, then a deletion of the row.
    await t.db.association.update({ where: { id: first.id }, data: { deletedAt: new Date() } });
    expect(await wordCount('quentrafilou')).toBe(1);
    expect(await searchIds('quentrafilu')).toEqual([second.id]);
    await t.db.$executeRaw`DELETE FROM associations WHERE id = ${second.id}::uuid`;
    expect(await wordCount('quentrafilou')).toBe(0);
    // Other names may hold the nearest word now; not these two.
    const afterDeletion = await searchIds('quentrafilu');
    expect(afterDeletion).not.toContain(first.id);
    expect(afterDeletion).not.toContain(second.id);
    await t.db.association.update({ where: { id: first.id }, data: { deletedAt: null } });
    expect(await wordCount('quentrafilou')).toBe(1);
    expect(await searchIds('quentrafilu')).toEqual([first.id]);
  });

  it('holds, after all these writes, exactly what a rebuild from the live names gives', async () => {
    const snapshot = () =>
      t.db.$queryRaw<{ word: string; associations: number }[]>`SELECT word, associations FROM association_search_words ORDER BY word`;
    const maintained = await snapshot();
    expect(maintained.length).toBeGreaterThan(100);
    await t.db.$queryRaw`SELECT association_search_words_rebuild()`;
    expect(await snapshot()).toEqual(maintained);
  });
});

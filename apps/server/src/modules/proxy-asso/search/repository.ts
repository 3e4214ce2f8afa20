// Registry search queries (raw SQL: trigram operators, word postings, index-ordered scans).
//
// A name search picks ONE plan up front, from the names' dictionary (association_search_words:
// how many live names hold each word of the term, handed back by the correction). No plan relies on
// a time bound: each reads a bounded set whatever the size of the registry, and a slow machine
// makes an answer late, never empty.
//   rare    the term's words of 4+ letters are held by RARE_WORD_NAMES live names or fewer
//           together: the candidates are the names containing one of them (GIN trigram LIKE per
//           word: short posting-list intersections), ranked and counted exactly;
//   all-words  two or more words of 4+ letters, the least frequent held by ALL_WORDS_NAMES names or
//           fewer: the names starting with the term, then the names holding every one of those
//           words (exact intersection of the words' postings: GIN over string_to_array(nom_recherche),
//           migration 20261126100000_search_name_words), when they fill the page;
//   common  otherwise (or when the counts are unknown): names starting with the term (btree
//           text_pattern_ops range, index order, LIMIT), then, only when they do not fill the page,
//           the nearest names (GiST trigram KNN, ORDER BY term <<-> nom_recherche LIMIT): both stop
//           after `offset + limit` rows. The total is exact when both ended early (every match is
//           in hand), else the count cap (a lower bound: "1000+"); no count(*) over a large set.
// Names starting with the term rank first: when they fill the page, the all-words and common
// plans read nothing else (the statement's gate on the prefix rows' count).
// The GiST index is declared COLLATE "C" so that each query picks its index: expressions on
// (nom_recherche COLLATE "C") match only the GiST index, plain ones only the GIN index.
import type { Database } from '../../../db/prisma.ts';
import { Prisma } from '../../../db/prisma.ts';
import { createSearchWordsRepository } from './words.repository.ts';

export interface SearchRow {
  id: string;
  nom: string;
  sigle: string | null;
  id_rna: string | null;
  id_siren: string | null;
  id_siret_siege: string | null;
  cp: string | null;
  commune: string | null;
  nb_etablissements: number;
  id_siret?: string | null;
}

interface Candidate {
  id: string;
  nom_recherche: string;
  sigle: string | null;
  ws: number;
  /** The name starts with the term. */
  prefix: boolean;
}

export interface NameSearchOptions {
  offset: number;
  limit: number;
  countCap: number;
  /** Live names holding each word of the term, from the names' dictionary (correctTerm). */
  frequencies?: Record<string, number>;
}

export interface NameSearchResult {
  rows: SearchRow[];
  total: number;
  totalExact: boolean;
  /** The plan that answered (see the top of this file). */
  plan: SearchPlan;
}

export type SearchPlan = 'rare' | 'all-words' | 'common';

/**
 * Rare-words plan: when the term's words of 4 characters or more are held, together, by at most
 * this many live names (the dictionary says so), the names containing one of them are the
 * candidates, whatever the size of the registry. A word may also sit inside longer words: the
 * candidates read are bounded by RARE_WORD_SCAN (past it, the common plan answers).
 */
export const RARE_WORD_NAMES = 2_000;
const RARE_WORD_SCAN = 8_000;

/** The term's words of 4+ characters, when the dictionary knows them all and they are rare enough together. */
export function rareWords(term: string, frequencies: Record<string, number> | undefined): string[] | undefined {
  if (frequencies === undefined) return undefined;
  const words = [...new Set(term.split(' '))].filter((word) => word.length >= 4);
  if (words.length === 0 || words.some((word) => frequencies[word] === undefined)) return undefined;
  const names = words.reduce((sum, word) => sum + frequencies[word]!, 0);
  return names <= RARE_WORD_NAMES ? words : undefined;
}

/**
 * All-words plan: a term with two or more words of 4+ letters, the least frequent held by at most
 * ALL_WORDS_NAMES live names: the candidates are the names holding every one of them (exact
 * intersection of the words' postings), at most ALL_WORDS_SCAN read. Used when they are at least
 * the page: the nearest-names scan walks most of its index for such terms (their words are common,
 * the names holding them all are few). Names lacking one of the words rank below, on later pages.
 */
const ALL_WORDS_NAMES = 30_000;
const ALL_WORDS_SCAN = 2_000;

export function allWords(term: string, frequencies: Record<string, number> | undefined): string[] | undefined {
  if (frequencies === undefined) return undefined;
  const words = [...new Set(term.split(' '))].filter((word) => word.length >= 4);
  if (words.length < 2 || words.some((word) => frequencies[word] === undefined)) return undefined;
  return Math.min(...words.map((word) => frequencies[word]!)) <= ALL_WORDS_NAMES ? words : undefined;
}

const SELECT_ROW = Prisma.sql`
  a.id::text AS id, a.nom, a.sigle, a.id_rna, a.id_siren, a.id_siret_siege, a.cp_siege AS cp,
  a.adresse_siege->>'commune' AS commune,
  (SELECT count(*)::int FROM etablissements e WHERE e.association_id = a.id AND e.actif) AS nb_etablissements`;

/** The first string after every string starting with `prefix` (byte order, as text_pattern_ops). */
function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

const normaliseSigle = (sigle: string) =>
  sigle.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * Ranking: exact name (with or without its sigle), then names starting with the term (in index
 * order), then by word similarity (in the order the plan read them, which is the similarity order).
 */
function rank(term: string, prefix: Candidate[], similar: Candidate[]): Candidate[] {
  const exact = (c: Candidate) =>
    c.nom_recherche === term || (c.sigle !== null && c.nom_recherche === `${term} ${normaliseSigle(c.sigle)}`);
  const seen = new Set<string>();
  const ranked: Candidate[] = [];
  for (const group of [prefix.filter(exact), similar.filter(exact), prefix, similar]) {
    for (const candidate of group) {
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      ranked.push(candidate);
    }
  }
  return ranked;
}

export function createSearchRepository(db: Database) {
  const rowsByIds = async (ids: string[]): Promise<Map<string, SearchRow>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.$queryRaw<SearchRow[]>`
      SELECT ${SELECT_ROW} FROM associations a WHERE a.id = ANY(${ids}::uuid[])`;
    return new Map(rows.map((row) => [row.id, row]));
  };

  /**
   * Rare plan: every live name containing one of `words` (at most RARE_WORD_SCAN + 1 read), those
   * matching the term kept, names starting with the term first (byte order), then by similarity,
   * name and id. Null when more than RARE_WORD_SCAN names were read.
   */
  const rareCandidates = async (term: string, words: string[]): Promise<Candidate[] | null> => {
    const scan = RARE_WORD_SCAN;
    const holdsOne = Prisma.join(words.map((word) => Prisma.sql`nom_recherche LIKE ${`%${word}%`}`), ' OR ');
    const rows = await db.$queryRaw<(Candidate & { read: number })[]>`
      WITH c AS MATERIALIZED (
        SELECT id, nom_recherche, sigle FROM associations
         WHERE (${holdsOne}) AND deleted_at IS NULL LIMIT ${scan + 1}),
      r AS (SELECT count(*)::int AS read FROM c)
      SELECT m.*, r.read FROM r LEFT JOIN LATERAL (
        SELECT id::text AS id, nom_recherche, sigle, ws, prefix FROM (
          SELECT id, nom_recherche, sigle, word_similarity(${term}::text, nom_recherche)::float8 AS ws,
                 starts_with(nom_recherche, ${term}::text) AS prefix
            FROM c WHERE r.read <= ${scan}) s
         WHERE prefix OR ${term}::text <% nom_recherche
         ORDER BY prefix DESC, (CASE WHEN prefix THEN nom_recherche END) COLLATE "C",
                  ws DESC, nom_recherche COLLATE "C", id) m ON true`;
    if ((rows[0]?.read ?? 0) > scan) return null;
    return rows.filter((row) => row.id !== null);
  };

  /** The first `wanted` live names starting with the term, in byte order (CTE `p` of the statements below). */
  const prefixRows = (term: string, wanted: number) => Prisma.sql`
    SELECT id, nom_recherche, sigle FROM associations
     WHERE nom_recherche ~>=~ ${term}::text AND nom_recherche ~<~ ${prefixUpperBound(term)}::text AND deleted_at IS NULL
     ORDER BY nom_recherche USING ~<~ LIMIT ${wanted}`;

  /**
   * All-words plan: the names starting with the term (at most `wanted`) and, only when they do not
   * fill the page, the other names holding every one of `words` (exact intersection of the words'
   * postings, at most ALL_WORDS_SCAN + 1 read) that match the term, by similarity, name and id.
   * `read` is the number of names holding the words that were read.
   */
  const allWordsCandidates = (term: string, words: string[], wanted: number) =>
    db.$queryRaw<(Candidate & { read: number })[]>`
      WITH p AS MATERIALIZED (${prefixRows(term, wanted)}),
      w AS MATERIALIZED (
        SELECT id, nom_recherche, sigle FROM associations
         WHERE (SELECT count(*) FROM p) < ${wanted}
           AND string_to_array(nom_recherche, ' ') @> ${words}::text[] AND deleted_at IS NULL
         LIMIT ${ALL_WORDS_SCAN + 1}),
      r AS (SELECT count(*)::int AS read FROM w)
      SELECT p.id::text AS id, p.nom_recherche, p.sigle, 1::float8 AS ws, true AS prefix, r.read FROM p, r
      UNION ALL
      SELECT m.*, r.read FROM r CROSS JOIN LATERAL (
        SELECT id::text AS id, nom_recherche, sigle, ws, false AS prefix FROM (
          SELECT id, nom_recherche, sigle, word_similarity(${term}::text, nom_recherche)::float8 AS ws FROM w
           WHERE r.read <= ${ALL_WORDS_SCAN} AND NOT starts_with(nom_recherche, ${term}::text)) s
         WHERE ${term}::text <% nom_recherche
         ORDER BY ws DESC, nom_recherche COLLATE "C", id) m`;

  /**
   * Common plan: the first `wanted` names starting with the term and, only when they do not fill
   * the page, the `wanted` nearest names.
   */
  const commonCandidates = (term: string, wanted: number) =>
    db.$queryRaw<Candidate[]>`
      WITH p AS MATERIALIZED (${prefixRows(term, wanted)})
      SELECT id::text AS id, nom_recherche, sigle, 1::float8 AS ws, true AS prefix FROM p
      UNION ALL
      (SELECT id::text AS id, nom_recherche, sigle, (1 - (${term}::text <<-> (nom_recherche COLLATE "C")))::float8 AS ws,
              false AS prefix FROM associations
        WHERE (SELECT count(*) FROM p) < ${wanted}
          AND ${term}::text <% (nom_recherche COLLATE "C") AND deleted_at IS NULL
        ORDER BY ${term}::text <<-> (nom_recherche COLLATE "C") LIMIT ${wanted})`;

  const words = createSearchWordsRepository(db);

  return {
    /** The term with the words absent from the names' dictionary replaced by their nearest ones. */
    correctTerm: words.correct,
    findBySiren: (siren: string) =>
      db.$queryRaw<SearchRow[]>`SELECT ${SELECT_ROW} FROM associations a WHERE a.id_siren = ${siren} AND a.deleted_at IS NULL`,
    findByRna: (rna: string) =>
      db.$queryRaw<SearchRow[]>`SELECT ${SELECT_ROW} FROM associations a WHERE a.id_rna = ${rna} AND a.deleted_at IS NULL`,
    findBySiret: (siret: string) =>
      db.$queryRaw<SearchRow[]>`
        SELECT ${SELECT_ROW}, s.siret AS id_siret
          FROM etablissements s JOIN associations a ON a.id = s.association_id
         WHERE s.siret = ${siret} AND a.deleted_at IS NULL`,

    /** `term` is already normalised (searchableName rules). */
    async searchByName(term: string, { offset, limit, countCap, frequencies }: NameSearchOptions): Promise<NameSearchResult> {
      const wanted = offset + limit;
      const page = async (ranked: Candidate[], total: number, totalExact: boolean, plan: SearchPlan) => {
        const ids = ranked.slice(offset, offset + limit).map((c) => c.id);
        const rows = await rowsByIds(ids);
        const found = ids.map((id) => rows.get(id)).filter((row): row is SearchRow => row !== undefined);
        return { rows: found, total, totalExact, plan };
      };

      const rare = rareWords(term, frequencies);
      const few = rare === undefined ? null : await rareCandidates(term, rare);
      if (few !== null) {
        // Every match holds one of the term's words (names starting with the term too): the
        // ranked candidates are every match, and their number the exact total.
        const ranked = rank(term, few.filter((c) => c.prefix), few.filter((c) => !c.prefix));
        return page(ranked, Math.min(ranked.length, countCap), ranked.length <= countCap, 'rare');
      }

      const every = allWords(term, frequencies);
      const holdAll = every === undefined ? null : await allWordsCandidates(term, every, wanted);
      if (holdAll !== null && (holdAll[0]?.read ?? 0) <= ALL_WORDS_SCAN) {
        const prefix = holdAll.filter((c) => c.prefix);
        // The names starting with the term fill the page: more may follow (the cap, a lower bound).
        if (prefix.length >= wanted) return page(rank(term, prefix, []), countCap, false, 'all-words');
        // At least the page with the names holding every word: the best of them lead; the names
        // lacking one follow on later pages, so the total is a lower bound.
        const ranked = rank(term, prefix, holdAll.filter((c) => !c.prefix));
        if (ranked.length >= wanted) return page(ranked, Math.min(ranked.length, countCap), false, 'all-words');
      }

      const found = await commonCandidates(term, wanted);
      const prefix = found.filter((c) => c.prefix);
      const similar = found.filter((c) => !c.prefix);
      const ranked = rank(term, prefix, similar);
      // Both scans ended before `wanted`: every match is in hand. Otherwise more may follow, and
      // each page reads its own `offset + limit` rows: the cap is promised, as a lower bound.
      const complete = prefix.length < wanted && similar.length < wanted;
      return complete
        ? page(ranked, Math.min(ranked.length, countCap), ranked.length <= countCap, 'common')
        : page(ranked, countCap, false, 'common');
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

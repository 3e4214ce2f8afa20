// Registry search queries (raw SQL: trigram operators, index-ordered scans, per-step time bounds).
//
// Name search gathers candidates from bounded index scans, never from a scan of all matches:
//   1. prefix   btree text_pattern_ops range on nom_recherche (names starting with the term);
//   2. nearest  GiST trigram KNN (ORDER BY term <<-> nom_recherche LIMIT n): instant when many names
//               contain the term's words ("judo", "amis"), but it walks the whole index when few do,
//               hence a short statement_timeout;
//   3. rare     when 2 gave up: the GIN trigram index (fast exactly when matches are rare: typos,
//               small communes), bounded by LIMIT and its own timeout.
// The bounded count (below) also hands back its best matches: when 2 gave up and the count is
// exact, they are every match, ranked as 2 would have. When 2, 3 and the count all gave up:
//   4. words    GiST KNN on each word of the term alone (instant for a common, correctly spelt
//               word), the union ranked on the whole term.
// Whatever gave up, `total` never promises more than can be paged: when the results come from a
// step of fixed size (3, 4, an exact count), it is the number of results ranked, a lower bound
// (total_exact false) unless every match is known.
// The GiST index is declared COLLATE "C" so that each query picks its index: expressions on
// (nom_recherche COLLATE "C") match only the GiST index, plain ones only the GIN index.
// Counting stops at the cap (a bounded GIN count, given up on huge posting lists: "cap+").
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
}

/** The bounded count's row: the number of matches, and one of the best ones (null when none). */
type CountedRow = { n: number } & { [K in keyof Candidate]: Candidate[K] | null };

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
}

/** Time bounds of the optional steps (ms), and how late the nearest scan may be before the rare one starts. */
export const SEARCH_TIME_BOUNDS = { nearest: 12, rare: 30, count: 10, words: 12, rareDelay: 4 } as const;
export type SearchTimeBounds = { readonly [K in keyof typeof SEARCH_TIME_BOUNDS]: number };
export type SearchStep = Exclude<keyof SearchTimeBounds, 'rareDelay'>;
const RARE_CANDIDATES = 300;
/**
 * Rare-words path: when the term's words of 4 characters or more are held, together, by at most
 * this many live names (the dictionary says so), the names containing one of them (GIN trigram
 * LIKE per word: every trigram of the word, short posting-list intersections) are the candidates,
 * whatever the size of the registry. Bounded as the count step (its bound, its give-up), reading
 * at most RARE_WORD_SCAN rows (a word may sit inside longer words), else the steps below answer.
 */
const RARE_WORD_NAMES = 2_000;
const RARE_WORD_SCAN = 8_000;

/** The term's words of 4+ characters, when the dictionary knows them all and they are rare enough together. */
function rareWords(term: string, frequencies: Record<string, number> = {}): string[] | undefined {
  const words = [...new Set(term.split(' '))].filter((word) => word.length >= 4);
  if (words.length === 0 || words.some((word) => frequencies[word] === undefined)) return undefined;
  const names = words.reduce((sum, word) => sum + frequencies[word]!, 0);
  return names <= RARE_WORD_NAMES ? words : undefined;
}
/** Word fallback: the longest distinct words of the term (3 letters or more), each KNN bounded by this LIMIT. */
const FALLBACK_WORDS = 3;
const WORD_CANDIDATES = 100;

export interface SearchRepositoryOptions {
  /** Overrides SEARCH_TIME_BOUNDS (tests, tuning). */
  bounds?: Partial<SearchTimeBounds>;
  /**
   * Runs in each bounded step's transaction, after its statement_timeout is set and before its
   * query: lets a test make a step time out for real (e.g. `SELECT pg_sleep(1)`).
   */
  beforeStep?: (step: SearchStep, tx: Prisma.TransactionClient) => Promise<unknown>;
}

const SELECT_ROW = Prisma.sql`
  a.id::text AS id, a.nom, a.sigle, a.id_rna, a.id_siren, a.id_siret_siege, a.cp_siege AS cp,
  a.adresse_siege->>'commune' AS commune,
  (SELECT count(*)::int FROM etablissements e WHERE e.association_id = a.id AND e.actif) AS nb_etablissements`;

function isStatementTimeout(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ''} ${JSON.stringify(error) ?? ''}`;
  // 25P02: under heavy load the cancelled statement's transaction may answer "aborted" to the next
  // command instead (seen with `pnpm bench:search`): the step gave up all the same.
  return text.includes('57014') || text.includes('25P02') || /statement timeout|canceling statement/i.test(text);
}

/** The first string after every string starting with `prefix` (byte order, as text_pattern_ops). */
function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

const longestWord = (term: string) =>
  term.split(' ').reduce((longest, word) => (word.length >= longest.length ? word : longest), '');

/** The longest distinct words of the term with at least 3 letters (a trigram), longest first. */
const fallbackWords = (term: string) =>
  [...new Set(term.split(' ').filter((word) => word.length >= 3))]
    .sort((a, b) => b.length - a.length)
    .slice(0, FALLBACK_WORDS);

/** Best similarity first, then name and id (the order of the count's SQL ranking). */
const bySimilarity = (a: Candidate, b: Candidate) =>
  b.ws - a.ws || (a.nom_recherche < b.nom_recherche ? -1 : a.nom_recherche > b.nom_recherche ? 1 : a.id < b.id ? -1 : 1);

/**
 * Word similarity threshold of the rare step: a long word keeps a high similarity to its one-typo
 * forms (villeurbane 0.83, montpelier 0.77, demonstation 0.69), and a higher threshold makes the
 * GIN scan return fewer candidates to recheck on the table. Short words keep the default 0.6.
 */
const rareThreshold = (word: string) => (word.length >= 8 ? 0.65 : undefined);

const normaliseSigle = (sigle: string) =>
  sigle.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * Ranking: exact name (with or without its sigle), then names starting with the term (in index
 * order), then by word similarity (in scan order, which is the similarity order).
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

export function createSearchRepository(db: Database, options: SearchRepositoryOptions = {}) {
  const bounds: SearchTimeBounds = { ...SEARCH_TIME_BOUNDS, ...options.bounds };

  /** Runs `work` in a transaction with the step's statement timeout; null when the timeout fired. */
  async function bounded<T>(
    step: SearchStep,
    work: (tx: Prisma.TransactionClient) => Promise<T>,
    wordThreshold?: number,
  ): Promise<T | null> {
    try {
      return await db.$transaction(async (tx) => {
        // At least 1 ms: statement_timeout = 0 would mean no bound at all.
        await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(bounds[step]))}`);
        if (wordThreshold !== undefined)
          await tx.$executeRawUnsafe(`SET LOCAL pg_trgm.word_similarity_threshold = ${wordThreshold.toFixed(2)}`);
        await options.beforeStep?.(step, tx);
        return work(tx);
      });
    } catch (error) {
      if (isStatementTimeout(error)) return null;
      throw error;
    }
  }

  const rowsByIds = async (ids: string[]): Promise<Map<string, SearchRow>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.$queryRaw<SearchRow[]>`
      SELECT ${SELECT_ROW} FROM associations a WHERE a.id = ANY(${ids}::uuid[])`;
    return new Map(rows.map((row) => [row.id, row]));
  };

  /**
   * Last fallback: for each of the term's longest words, the nearest names by GiST KNN (instant
   * when the word is common and spelt right; a misspelt one gives up at its bound), side by side,
   * the union ranked on the whole term.
   */
  const nearWords = async (term: string): Promise<Candidate[]> => {
    const found = await Promise.all(
      fallbackWords(term).map((w) => bounded('words', (tx) => tx.$queryRaw<Candidate[]>`
          SELECT id::text AS id, nom_recherche, sigle, word_similarity(${term}::text, nom_recherche)::float8 AS ws
            FROM associations
           WHERE ${w}::text <% (nom_recherche COLLATE "C") AND deleted_at IS NULL
           ORDER BY ${w}::text <<-> (nom_recherche COLLATE "C") LIMIT ${WORD_CANDIDATES}`)),
    );
    const byId = new Map<string, Candidate>();
    for (const candidate of found.flatMap((rows) => rows ?? [])) byId.set(candidate.id, candidate);
    return [...byId.values()].sort(bySimilarity);
  };

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
      const prefixQuery = () => db.$queryRaw<Candidate[]>`
          SELECT id::text AS id, nom_recherche, sigle, 1::float8 AS ws FROM associations
           WHERE nom_recherche ~>=~ ${term}::text AND nom_recherche ~<~ ${prefixUpperBound(term)}::text AND deleted_at IS NULL
           ORDER BY nom_recherche USING ~<~ LIMIT ${wanted}`;
      const page = async (ranked: Candidate[], total: number, totalExact: boolean): Promise<NameSearchResult> => {
        const ids = ranked.slice(offset, offset + limit).map((c) => c.id);
        const rows = await rowsByIds(ids);
        return { rows: ids.map((id) => rows.get(id)).filter((row): row is SearchRow => row !== undefined), total, totalExact };
      };

      const rare = rareWords(term, frequencies);
      if (rare !== undefined) {
        const holdsOne = Prisma.join(rare.map((word) => Prisma.sql`nom_recherche LIKE ${`%${word}%`}`), ' OR ');
        // The matches of the term that hold one of its words: names starting with the term hold
        // them too, so the ranked union is complete and its size is the exact total.
        const [prefix, few] = await Promise.all([
          prefixQuery(),
          bounded('count', (tx) => tx.$queryRaw<Candidate[]>`
            WITH c AS MATERIALIZED (
              SELECT id, nom_recherche, sigle FROM associations
               WHERE (${holdsOne}) AND deleted_at IS NULL LIMIT ${RARE_WORD_SCAN + 1})
            SELECT id::text AS id, nom_recherche, sigle, word_similarity(${term}::text, nom_recherche)::float8 AS ws
              FROM c WHERE ${term}::text <% nom_recherche OR (SELECT count(*) FROM c) > ${RARE_WORD_SCAN}
             ORDER BY ws DESC, nom_recherche COLLATE "C", id`),
        ]);
        if (few !== null && few.length <= RARE_WORD_SCAN) {
          const ranked = rank(term, prefix, few);
          return page(ranked, Math.min(ranked.length, countCap), ranked.length <= countCap);
        }
      }
      // Few names contain the words as typed (a typo, a rare name): the nearest-names scan then walks
      // the whole GiST index and gives up. The fallback candidates are the names close to the term's
      // longest word (rare trigrams make the GIN scan short), ranked on the whole term. It starts
      // as soon as the nearest scan is late (not after its time bound), so that both run side by
      // side and a typo costs max(nearest, rare) instead of their sum; it is dropped unused when the
      // nearest scan answers.
      const word = longestWord(term);
      const rareQuery = () => bounded('rare', (tx) => tx.$queryRaw<Candidate[]>`
          SELECT id::text AS id, nom_recherche, sigle, word_similarity(${term}::text, nom_recherche)::float8 AS ws
            FROM associations
           WHERE ${word}::text <% nom_recherche AND deleted_at IS NULL LIMIT ${RARE_CANDIDATES}`, rareThreshold(word));
      const nearestQuery = bounded('nearest', (tx) => tx.$queryRaw<Candidate[]>`
          SELECT id::text AS id, nom_recherche, sigle, (1 - (${term}::text <<-> (nom_recherche COLLATE "C")))::float8 AS ws
            FROM associations
           WHERE ${term}::text <% (nom_recherche COLLATE "C") AND deleted_at IS NULL
           ORDER BY ${term}::text <<-> (nom_recherche COLLATE "C") LIMIT ${wanted}`);
      let nearestDone = false;
      void nearestQuery.then(() => (nearestDone = true), () => (nearestDone = true));
      let rareStarted: Promise<Candidate[] | null> | null = null;
      const rareTimer = setTimeout(() => {
        if (nearestDone) return;
        rareStarted = rareQuery();
        rareStarted.catch(() => {}); // awaited below when needed; an unused failure is of no interest

      }, bounds.rareDelay);
      // The first steps run side by side (each on its own connection).
      const [prefix, nearest, counted] = await Promise.all([
        prefixQuery(),
        nearestQuery.finally(() => clearTimeout(rareTimer)),
        // Bounded count on the GIN index: quick when matches are few, given up when they are many.
        // It also ranks what it counted (one row with null candidate fields when nothing matched):
        // the `wanted` best matches, every match's rank when the count is exact.
        bounded('count', (tx) => tx.$queryRaw<CountedRow[]>`
          WITH m AS MATERIALIZED (
            SELECT id, nom_recherche, sigle FROM associations
             WHERE ${term}::text <% nom_recherche AND deleted_at IS NULL LIMIT ${countCap + 1})
          SELECT c.n, b.id, b.nom_recherche, b.sigle, b.ws
            FROM (SELECT count(*)::int AS n FROM m) c
            LEFT JOIN LATERAL (
              SELECT id::text AS id, nom_recherche, sigle, word_similarity(${term}::text, nom_recherche)::float8 AS ws
                FROM m ORDER BY ws DESC, nom_recherche COLLATE "C", id LIMIT ${wanted}) b ON true`),
      ]);
      const n = counted?.[0]?.n;
      const countedBest = (counted ?? []).filter((row): row is CountedRow & Candidate => row.id !== null);

      // Where the similar names come from, in order of preference. `pagesGrow`: each page runs the
      // step again for its own offset (nearest, count), so `total` may promise more than is ranked
      // here; the other steps have a fixed size, and their ranked results are all that can be paged.
      let similar: Candidate[];
      let similarComplete: boolean;
      let pagesGrow: boolean;
      if (nearest !== null) {
        // Complete when the scan ended before the limit: every match is in hand.
        similar = nearest;
        similarComplete = nearest.length < wanted;
        pagesGrow = true;
      } else if (n !== undefined && n <= countCap) {
        // The exact count holds every match of the term: its ranking is the nearest scan's.
        similar = countedBest.sort(bySimilarity);
        similarComplete = n < wanted;
        pagesGrow = true;
      } else {
        const rarePending = rareStarted as Promise<Candidate[] | null> | null;
        const rare = await (rarePending ?? rareQuery());
        if (rare !== null && (rare.length > 0 || n === undefined)) {
          similar = rare.sort(bySimilarity);
          similarComplete = rare.length < RARE_CANDIDATES;
          pagesGrow = false;
        } else if (n !== undefined) {
          // More matches than the cap (none near the longest word, or its scan gave up): the best
          // of the first countCap + 1 found.
          similar = countedBest.sort(bySimilarity);
          similarComplete = false;
          pagesGrow = true;
        } else {
          // Every similarity step gave up: names near each word of the term, ranked on the whole term.
          similar = prefix.length < wanted ? await nearWords(term) : [];
          similarComplete = false;
          pagesGrow = false;
        }
      }

      const ranked = rank(term, prefix, similar);

      let total: number;
      let totalExact: boolean;
      if (prefix.length < wanted && similarComplete) {
        total = ranked.length;
        totalExact = true;
      } else if (n !== undefined) {
        total = Math.min(countCap, Math.max(ranked.length, n));
        totalExact = n <= countCap && n >= ranked.length;
      } else {
        // The count gave up: the term's trigrams are very common, matches are many.
        total = countCap;
        totalExact = false;
      }
      // Never promise pages that cannot be shown: from a step of fixed size, the ranked results
      // are all there is to page (a lower bound of the matches).
      if (!pagesGrow && ranked.length < total) {
        total = ranked.length;
        totalExact = false;
      }

      return page(ranked, total, totalExact);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

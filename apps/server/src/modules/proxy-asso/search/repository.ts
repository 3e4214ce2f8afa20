// Registry search queries (raw SQL: trigram operators, word postings, index-ordered scans).
//
// A name search picks ONE plan up front, from the names' dictionary (association_search_words:
// how many live names hold each word of the term, handed back by the correction). No plan relies on
// a time bound: each reads a bounded set whatever the size of the registry, and a slow machine
// makes an answer late, never empty. Each plan is one statement (name-search.sql.ts) on the pg pool
// (db/read-rows.ts): it ranks its candidates, cuts the page and reads the page's rows itself.
//   rare    the term's words of 4+ letters are held by RARE_WORD_NAMES live names or fewer
//           together: the candidates are the names holding a word that contains one of them (the
//           dictionary's words containing them, then the names' words GIN index), ranked and
//           counted exactly;
//   all-words  two or more words of 4+ letters, the least frequent held by ALL_WORDS_NAMES names or
//           fewer: the names starting with the term, then the names holding every one of those
//           words (exact intersection of the words' postings: GIN over string_to_array(nom_recherche),
//           migration 20261126100000_search_name_words), when they fill the page. The names holding
//           every word are counted (up to the cap; with the names starting with the term when these
//           fill the page): the total is that count, a lower bound, or the cap when it exceeds it;
//   common  otherwise (or when the counts are unknown): names starting with the term (btree
//           text_pattern_ops range, index order, LIMIT), then, only when they do not fill the page,
//           the nearest names (GiST trigram KNN, ORDER BY term <<-> nom_recherche LIMIT): both stop
//           after `offset + limit` rows. The total is exact when both ended early (every match is
//           in hand), else the count cap (a lower bound: "1000+"); no count(*) over a large set.
// Names starting with the term rank first: when they fill the page, the common plan reads nothing
// else (the statement's gate on the prefix rows' count).
// The GiST index is declared COLLATE "C" so that each query picks its index: expressions on
// (nom_recherche COLLATE "C") match only the GiST index, plain ones only the GIN index.
import type { Database } from '../../../db/prisma.ts';
import { Prisma } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';
import { allWordsStatement, commonStatement, rareStatement, type Statement } from './name-search.sql.ts';
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

/** A row of a name search statement: the plan's figures (m_*), then the page's row (null past the page). */
type Figures = Partial<Record<'m_read' | 'm_matches' | 'm_prefix' | 'm_similar' | 'm_prefix_all' | 'm_near', number | null>>
  & { m_common?: boolean | null };
type PageRow = { [K in keyof SearchRow]: SearchRow[K] | null } & Figures;

/** The statement's page (its rows with an id, in rank order) and its figures (those of its first row). */
function pageOf(rows: PageRow[]) {
  const found = rows.flatMap((row): SearchRow[] =>
    row.id === null ? [] : [{
      id: row.id, nom: row.nom ?? '', sigle: row.sigle, id_rna: row.id_rna, id_siren: row.id_siren,
      id_siret_siege: row.id_siret_siege, cp: row.cp, commune: row.commune, nb_etablissements: row.nb_etablissements ?? 0,
    }]);
  const figures: Figures = rows[0] ?? {};
  return { rows: found, figures };
}

export function createSearchRepository(db: Database) {
  const run = async (statement: Statement) => pageOf(await readRows<PageRow>(db, statement.text, statement.values));
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
      const paging = { offset, limit };

      const rare = rareWords(term, frequencies);
      if (rare !== undefined) {
        const { rows, figures } = await run(rareStatement(term, rare, RARE_WORD_SCAN, paging));
        // Every match holds one of the term's words (names starting with the term too): the
        // matches are all in hand, and their number the exact total.
        if ((figures.m_read ?? 0) <= RARE_WORD_SCAN) {
          const matches = figures.m_matches ?? 0;
          return { rows, total: Math.min(matches, countCap), totalExact: matches <= countCap, plan: 'rare' };
        }
      }

      const every = allWords(term, frequencies);
      const { rows, figures } = await run(every === undefined
        ? commonStatement(term, paging)
        : allWordsStatement(term, every, ALL_WORDS_SCAN, countCap, paging));
      const prefix = figures.m_prefix ?? 0;
      if (every !== undefined && figures.m_common === false) {
        const read = figures.m_read ?? null;
        const similar = figures.m_similar ?? 0;
        const prefixAll = figures.m_prefix_all ?? 0;
        if (prefix >= wanted) {
          // The names starting with the term fill the page. They were counted, then, when they are
          // at most the cap, the names holding every word: the total is their number when both
          // are at most the cap; otherwise the cap, a lower bound.
          const counted = prefixAll <= countCap && read !== null && read <= countCap;
          return { rows, total: counted ? Math.min(prefixAll + similar, countCap) : countCap, totalExact: false, plan: 'all-words' };
        }
        // At least the page with the names holding every word: the best of them lead; the names
        // lacking one follow on later pages, so the total is a lower bound.
        return { rows, total: Math.min(prefix + similar, countCap), totalExact: false, plan: 'all-words' };
      }

      // The common plan (alone, or in the all-words statement when its names did not fill the page).
      const matches = figures.m_matches ?? 0;
      // Both scans ended before `wanted`: every match is in hand. Otherwise more may follow, and
      // each page reads its own `offset + limit` rows: the cap is promised, as a lower bound.
      const complete = prefix < wanted && (figures.m_near ?? 0) < wanted;
      return complete
        ? { rows, total: Math.min(matches, countCap), totalExact: matches <= countCap, plan: 'common' }
        : { rows, total: countCap, totalExact: false, plan: 'common' };
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

// The dictionary of the words of live association names (table association_search_words, kept up to
// date by a trigger on associations: migration 20261124100000_search_words). The name search
// corrects each word of a term against it before its main query: a word absent from the dictionary
// is replaced by its most similar word by trigram similarity (GIN trigram index: the words at least
// CLOSE_SIMILARITY similar first, and only when there are none the words at least MIN_SIMILARITY
// similar; a few posting lists of a small index, 1-2 ms whatever the size of the registry),
// preferring the most frequent of equally similar words. One round trip on the pg pool (db/read-rows.ts),
// and no time bound: a loaded machine makes it late, never wrong.
import type { Database } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';

/** A word is corrected when it has at least this many characters and one letter (not a number). */
const MIN_CORRECTED_LENGTH = 3;
/** Similarity below which a word is left as typed (pg_trgm.similarity_threshold, operator %, defaults to it). */
const MIN_SIMILARITY = 0.3;
/**
 * Similarity read first (pg_trgm.strict_word_similarity_threshold, operator <<%, defaults to it; for
 * a single word, as every dictionary entry is, strict word similarity is the similarity): most typos
 * have a word this close, found from few candidates; the most similar word is among them when any is.
 */
const CLOSE_SIMILARITY = 0.5;

export interface WordCorrection {
  word: string;
  replacement: string;
}

export interface CorrectedTerm {
  /** The term with its misspelt words replaced (the term itself when nothing was corrected). */
  term: string;
  corrections: WordCorrection[];
  /** Live names holding each word of the corrected term that the dictionary knows (words of 3+ characters with a letter). */
  frequencies: Record<string, number>;
}

interface WordRow {
  word: string;
  known: number | null;
  suggestion: string | null;
  suggested: number | null;
}

const isCorrectable = (word: string) => word.length >= MIN_CORRECTED_LENGTH && /\p{L}/u.test(word);

export function createSearchWordsRepository(db: Database) {
  return {
    /** `term` is already normalised (searchableName rules: lower case, single spaces). */
    async correct(term: string): Promise<CorrectedTerm> {
      const words = term.split(' ').filter((word) => word !== '');
      const candidates = [...new Set(words.filter(isCorrectable))];
      if (candidates.length === 0) return { term, corrections: [], frequencies: {} };
      // The most similar word: among the words at least CLOSE_SIMILARITY similar when there are
      // any (then it is the most similar of all), else among those at least MIN_SIMILARITY similar.
      const rows = await readRows<WordRow>(db, `
      SELECT q.word, d.associations AS known, coalesce(near.word, far.word) AS suggestion,
             coalesce(near.associations, far.associations) AS suggested
        FROM unnest($1::text[]) AS q(word)
        LEFT JOIN association_search_words d ON d.word = q.word
        LEFT JOIN LATERAL (
          SELECT s.word, s.associations FROM association_search_words s
           WHERE d.word IS NULL AND q.word <<% s.word AND similarity(s.word, q.word) >= $2::real
           ORDER BY similarity(s.word, q.word) DESC, s.associations DESC, s.word LIMIT 1) near ON true
        LEFT JOIN LATERAL (
          SELECT s.word, s.associations FROM association_search_words s
           WHERE d.word IS NULL AND near.word IS NULL AND s.word % q.word AND similarity(s.word, q.word) >= $3::real
           ORDER BY similarity(s.word, q.word) DESC, s.associations DESC, s.word LIMIT 1) far ON true`,
        [candidates, CLOSE_SIMILARITY, MIN_SIMILARITY]);
      const replacements = new Map<string, string>();
      const frequencies: Record<string, number> = {};
      for (const row of rows) {
        if (row.known !== null) frequencies[row.word] = row.known;
        else if (row.suggestion !== null && row.suggested !== null) {
          replacements.set(row.word, row.suggestion);
          frequencies[row.suggestion] = row.suggested;
        }
      }
      return {
        term: replacements.size === 0 ? term : words.map((word) => replacements.get(word) ?? word).join(' '),
        corrections: [...replacements].map(([word, replacement]) => ({ word, replacement })),
        frequencies,
      };
    },
  };
}
export type SearchWordsRepository = ReturnType<typeof createSearchWordsRepository>;

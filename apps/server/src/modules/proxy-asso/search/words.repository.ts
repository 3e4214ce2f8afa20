// The dictionary of the words of live association names (table association_search_words, kept up to
// date by a trigger on associations: migration 20261124100000_search_words). The name search
// corrects each word of a term against it before its main query: a word absent from the dictionary
// is replaced by the nearest word by trigram similarity (GiST KNN on a few hundred thousand short
// words: a few milliseconds whatever the size of the registry), preferring the most frequent of
// equally close words. One round trip, and no time bound: the KNN reads NEAREST_WORDS entries of a
// small index, so a loaded machine makes it late, never wrong.
import type { Database } from '../../../db/prisma.ts';

/** A word is corrected when it has at least this many characters and one letter (not a number). */
const MIN_CORRECTED_LENGTH = 3;
/** Nearest words read by the KNN scan, among which the most similar (then most frequent) is kept. */
const NEAREST_WORDS = 8;
/** Similarity below which a word is left as typed (pg_trgm's default threshold is 0.3). */
const MIN_SIMILARITY = 0.3;

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
      const rows = await db.$queryRaw<WordRow[]>`
      SELECT q.word, d.associations AS known, c.word AS suggestion, c.associations AS suggested
        FROM unnest(${candidates}::text[]) AS q(word)
        LEFT JOIN association_search_words d ON d.word = q.word
        LEFT JOIN LATERAL (
          SELECT k.word, k.associations FROM (
            SELECT s.word, s.associations, similarity(s.word, q.word) AS sim
              FROM association_search_words s
             WHERE d.word IS NULL
             ORDER BY s.word <-> q.word LIMIT ${NEAREST_WORDS}) k
           WHERE k.sim >= ${MIN_SIMILARITY}
           ORDER BY k.sim DESC, k.associations DESC, k.word LIMIT 1) c ON true`;
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

// The questions asked of every subsidy dossier (docs/domain.md « Dossiers de subvention »): the list
// the wizard shows (enabled ones, by rank); transmission reads the same rows in its transaction.
import { QUESTION_TYPES, type Question } from '@portail/contract';
import type { QuestionRepository, QuestionRow } from './repository.ts';

/** A row as the contract shows it (a type the contract does not know reads as a yes/no question). */
export const toQuestion = (row: QuestionRow): Question => ({
  ...row,
  type: (QUESTION_TYPES as readonly string[]).includes(row.type) ? (row.type as Question['type']) : 'booleen',
});

export function createQuestionService(repository: Pick<QuestionRepository, 'listQuestions'>) {
  return {
    async listQuestions(enabled?: boolean): Promise<Question[]> {
      return (await repository.listQuestions(enabled)).map(toQuestion);
    },
  };
}

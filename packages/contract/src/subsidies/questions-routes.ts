// lca-server /questions: the questions asked of every subsidy dossier (docs/domain.md « Dossiers de
// subvention », spec §5). A dossier answers them in its customs under the question's code; the
// required ones (red asterisk) must all be answered before transmission, and the server checks it
// (missingForTransmission, ExpectedQuestion). Reference content: no one's resource, read by the
// dossiers' readers on both sides.
import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import type { ExpectedQuestion } from './dossier-rules.ts';

/** Kinds of answer: yes/no, or a free text. */
export const QUESTION_TYPES = ['booleen', 'texte'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Who reads the questions: the association side, which answers them, and the instructing side. */
export const QUESTION_READERS = ROLE_SETS.associationsAndServices;

export const questionSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  type: z.enum(QUESTION_TYPES),
  obligatoire: z.boolean(),
  enabled: z.boolean(),
  rang: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

/** A question as the transmission rules read it. */
export const toExpectedQuestion = (question: Pick<Question, 'code' | 'label' | 'obligatoire'> & { type?: string }): ExpectedQuestion => ({
  code: question.code,
  label: question.label,
  obligatoire: question.obligatoire,
  ...(question.type ? { type: question.type } : {}),
});

export const questionRoutes = {
  listQuestions: defineRoute({
    method: 'GET', gateway: 'lca-server', path: '/questions', access: QUESTION_READERS, scope: scope.none,
    summary: 'Questions posées à chaque dossier de subvention, par rang ; enabled=true : les questions actives seulement (celles du formulaire), enabled=false : les inactives, sans filtre : toutes',
    query: z.object({ enabled: z.enum(['true', 'false']).transform((value) => value === 'true').optional() }),
    response: z.array(questionSchema),
  }),
};

// lca-server /questions: the questions asked of every subsidy dossier (docs/domain.md « Dossiers de
// subvention », spec §5). A dossier answers them in its customs under the question's code; the
// required ones (red asterisk) must all be answered before transmission, and the server checks it
// (missingForTransmission, ExpectedQuestion). Reference content: no one's resource, read by the
// dossiers' readers on both sides.
import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { CONTENT_ADMINS, CONTENT_LIMITS, contentCodeSchema } from '../lca-content.ts';
import { idSchema } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
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

const questionFields = {
  label: z
    .string({ error: MESSAGES.required('libellé') })
    .trim()
    .min(1, MESSAGES.required('libellé'))
    .max(CONTENT_LIMITS.questionLabel, MESSAGES.maxLength('libellé', CONTENT_LIMITS.questionLabel)),
  type: z.enum(QUESTION_TYPES, { error: MESSAGES.badFormat('type') }),
  obligatoire: z.boolean().default(false),
  enabled: z.boolean().default(true),
  rang: z.number({ error: MESSAGES.badFormat('rang') }).int(MESSAGES.badFormat('rang')).min(0, MESSAGES.badFormat('rang')).max(10_000, MESSAGES.badFormat('rang')).default(0),
};
/** A new question: its code (the key of the dossiers' answers) is fixed once created. */
export const questionCreateSchema = z.object({ code: contentCodeSchema, ...questionFields }).strict();
/** A question changed: label, kind, required, enabled, rank. */
export const questionUpdateSchema = z.object(questionFields).strict();
export type QuestionCreate = z.input<typeof questionCreateSchema>;
export type QuestionUpdate = z.input<typeof questionUpdateSchema>;

export const questionRoutes = {
  listQuestions: defineRoute({
    method: 'GET', gateway: 'lca-server', path: '/questions', access: QUESTION_READERS, scope: scope.none,
    summary: 'Questions posées à chaque dossier de subvention, par rang ; enabled=true : les questions actives seulement (celles du formulaire), enabled=false : les inactives, sans filtre : toutes',
    query: z.object({ enabled: z.enum(['true', 'false']).transform((value) => value === 'true').optional() }),
    response: z.array(questionSchema),
  }),
  createQuestion: defineRoute({
    method: 'POST', gateway: 'lca-server', path: '/questions', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['QUESTION_CODE_TAKEN'],
    summary: 'Ajoute une question posée aux dossiers de subvention (code unique, libellé, type, obligatoire, active, rang) ; inscrite au journal',
    body: questionCreateSchema, response: questionSchema, successStatus: 201,
  }),
  updateQuestion: defineRoute({
    method: 'PUT', gateway: 'lca-server', path: '/questions/:id', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND'],
    summary: "Modifie une question (libellé, type, obligatoire, active, rang ; le code reste) : une question obligatoire et active bloque la transmission des dossiers qui n'y répondent pas ; inscrite au journal",
    params: z.object({ id: idSchema }), body: questionUpdateSchema, response: questionSchema,
  }),
};

// Typed answers of a dossier or a project (docs/domain.md « Dossiers de subvention », spec §5): the
// customs answer the questions and the scheme's expected fields by code, each checked by its type —
// a number, a yes/no (a real boolean), a date, a choice among the field's options, an e-mail, a URL,
// a free text within the characters of §5. An unknown code is refused. Client and server read this file.
import { EMAIL_PATTERN } from '../fields.ts';
import { DOSSIER_LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

/** Kinds of answer an expected field declares (`champs_attendus.type`); an unknown kind reads as text. */
export const ANSWER_TYPES = ['text', 'number', 'decimal', 'boolean', 'date', 'select', 'email', 'url'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** What a question or an expected field asks, as the checks read it. */
export interface AnswerDefinition {
  code: string;
  label: string;
  /** text, number, decimal, boolean, date, select, email, url; the questions' booleen and texte too. */
  type: string;
  /** A select's choices: `meta.options`, values or { value, label }; `meta.multiple` for several. */
  meta?: Readonly<Record<string, unknown>> | null;
}

/**
 * §5 free text: letters (accented too), digits, spaces and line breaks, and . , [ ] { } € # - ( ) / = ' + : ? ! " % & * ; < >,
 * plus the typographic apostrophe and quotes French keyboards produce (’ « »).
 */
export const FREE_TEXT_PATTERN = /^[\p{L}\p{M}0-9\s.,[\]{}€#\-()/='+:?!"%&*;<>’«»]*$/u;
const FREE_TEXT_SPECIALS = ". , [ ] { } € # - ( ) / = ' + : ? ! \" % & * ; < >";

const TYPE_ALIASES: Readonly<Record<string, AnswerType>> = { booleen: 'boolean', texte: 'text', textarea: 'text', nombre: 'number', entier: 'number' };

/** Whether a definition may declare this kind: one of ANSWER_TYPES or its French alias (what a new or changed definition is checked against). */
export const isKnownAnswerType = (type: string): boolean => (ANSWER_TYPES as readonly string[]).includes(TYPE_ALIASES[type] ?? type);

/** The kind of answer a definition asks (unknown kinds read as text). */
export function answerTypeOf(type: string): AnswerType {
  const known = TYPE_ALIASES[type] ?? type;
  return (ANSWER_TYPES as readonly string[]).includes(known) ? (known as AnswerType) : 'text';
}

/** Whether a value counts as no answer (absent, null, empty text or list). */
export const isBlankAnswer = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const isDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The values a select allows (`meta.options`: strings or numbers, or { value }). */
export function optionValues(meta: AnswerDefinition['meta']): string[] {
  const options = meta?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((o) => (typeof o === 'string' || typeof o === 'number' ? [String(o)] : o && typeof o === 'object' && 'value' in o ? [String((o as { value: unknown }).value)] : []));
}

/** The French problem of one answer, or null when it fits its type (a blank answer fits: required-ness is checked apart). */
export function checkAnswer(definition: AnswerDefinition, value: unknown): string | null {
  if (isBlankAnswer(value)) return null;
  const label = definition.label;
  const bad = MESSAGES.badFormat(label);
  // Whatever its type, a written answer is no longer than the wizard lets a member type.
  if (typeof value === 'string' && value.length > DOSSIER_LIMITS.answer) return MESSAGES.maxLength(label, DOSSIER_LIMITS.answer);
  switch (answerTypeOf(definition.type)) {
    case 'boolean':
      return typeof value === 'boolean' ? null : bad;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : bad;
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? null : bad;
    case 'date':
      return typeof value === 'string' && isDay(value) ? null : bad;
    case 'email':
      return typeof value === 'string' && EMAIL_PATTERN.test(value) ? null : bad;
    case 'url': {
      if (typeof value !== 'string') return bad;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:' ? null : bad;
      } catch {
        return bad;
      }
    }
    case 'select': {
      const allowed = optionValues(definition.meta);
      const chosen = definition.meta?.multiple === true && Array.isArray(value) ? value : [value];
      return chosen.every((v) => (typeof v === 'string' || typeof v === 'number') && allowed.includes(String(v))) ? null : bad;
    }
    case 'text':
      if (typeof value !== 'string') return bad;
      return FREE_TEXT_PATTERN.test(value) ? null : MESSAGES.allowedCharacters(label, FREE_TEXT_SPECIALS);
  }
}

/**
 * The problems of a list of answers, by `customs.<code>`: an unknown code, a code answered twice,
 * a value that does not fit its type. Empty: every answer fits.
 */
export function checkAnswers(customs: readonly { code: string; value: unknown }[], definitions: readonly AnswerDefinition[]): Record<string, string> {
  const byCode = new Map(definitions.map((d) => [d.code, d]));
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  for (const custom of customs) {
    const key = `customs.${custom.code}`;
    const definition = byCode.get(custom.code);
    if (!definition) problems[key] = MESSAGES.unknownAnswer(custom.code);
    else if (seen.has(custom.code)) problems[key] = MESSAGES.answeredTwice(definition.label);
    else {
      const problem = checkAnswer(definition, custom.value);
      if (problem) problems[key] = problem;
    }
    seen.add(custom.code);
  }
  return problems;
}

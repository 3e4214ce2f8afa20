// Conditions of the expected fields and documents (docs/domain.md « Dossiers de subvention »): a
// subvention links each expected item with `asks`, conditions on the dossier that decide whether the
// item is shown; `obligatoire` then says whether it is required. Client and server read this file.
import { z } from 'zod';
import { freeJson } from '../input-checks.ts';

export const ASK_OPERATORS = ['<', '>', '>=', '<=', '==', '!=', '===', '!==', 'includes', 'has'] as const;
export type AskOperator = (typeof ASK_OPERATORS)[number];

export const askSchema = z.object({
  /** Which object the key is read in: dossier, projet, association, demandeur... (see AskContext). */
  scope: z.string().min(1),
  /** Dotted path inside the scope, e.g. "description.pluriannuel". */
  key: z.string().min(1),
  operator: z.enum(ASK_OPERATORS),
  value: freeJson('valeur de la condition').optional(),
  /** Hide the item whatever the condition when the dossier is coupled with a TCA request. */
  masquer_si_tca: z.boolean().optional(),
});
export type Ask = z.infer<typeof askSchema>;
export const asksSchema = z.array(askSchema);

export interface AskContext {
  /** The objects conditions read, by scope name. */
  scopes: Readonly<Record<string, unknown>>;
  /** The dossier's couplage_tca. */
  tca?: boolean;
}

/** The value at a dotted path (undefined when any step is missing). */
export function valueAt(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};
const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
/** `==`: the original compared loosely; we compare as text, so 2026 == "2026" and null == undefined, without JS coercions. */
const looseEquals = (a: unknown, b: unknown) => {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return typeof a === 'object' || typeof b === 'object' ? false : String(a) === String(b);
};
const strictEquals = (a: unknown, b: unknown) => Object.is(a, b);

/** Whether one condition holds on the value it reads. */
export function askHolds(operator: AskOperator, actual: unknown, expected: unknown): boolean {
  switch (operator) {
    case '<':
    case '>':
    case '<=':
    case '>=': {
      const a = toNumber(actual);
      const b = toNumber(expected);
      if (a === null || b === null) return false;
      return operator === '<' ? a < b : operator === '>' ? a > b : operator === '<=' ? a <= b : a >= b;
    }
    case '==':
      return looseEquals(actual, expected);
    case '!=':
      return !looseEquals(actual, expected);
    case '===':
      return strictEquals(actual, expected);
    case '!==':
      return !strictEquals(actual, expected);
    case 'includes':
      if (Array.isArray(actual)) return actual.some((item) => looseEquals(item, expected));
      return typeof actual === 'string' && typeof expected === 'string' && actual.includes(expected);
    case 'has':
      // Without a value: the key is filled in. With one: the object read has that property filled in.
      if (expected === undefined) return !isEmpty(actual);
      return actual !== null && typeof actual === 'object' && !isEmpty((actual as Record<string, unknown>)[String(expected)]);
  }
}

/** Whether an item with these conditions is shown: every condition holds, and none hides it for a TCA dossier. */
export function evaluateAsks(asks: readonly Ask[], context: AskContext): boolean {
  if (context.tca && asks.some((ask) => ask.masquer_si_tca)) return false;
  return asks.every((ask) => askHolds(ask.operator, valueAt(context.scopes[ask.scope], ask.key), ask.value));
}

/** An expected field or document as a subvention links it. */
export interface ExpectedItem {
  code: string;
  label: string;
  /** dossier, projet or crf. */
  part: string;
  enabled: boolean;
  obligatoire: boolean;
  asks: readonly Ask[];
  /** An expected field's kind of answer and its options (answers.ts); none for a document. */
  type?: string;
  meta?: Readonly<Record<string, unknown>> | null;
}

/** The items shown for this context, each with whether it is required. */
export function selectExpected<T extends ExpectedItem>(items: readonly T[], context: AskContext): (T & { required: boolean })[] {
  return items
    .filter((item) => item.enabled && evaluateAsks(item.asks, context))
    .map((item) => ({ ...item, required: item.obligatoire }));
}

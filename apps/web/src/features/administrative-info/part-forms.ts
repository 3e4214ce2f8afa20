// Helpers shared by the accounts, staff, approvals and networks forms: the form holds strings, the
// contract's schemas take numbers and nulls; the contract's cross-field rules (apply*Rules) become
// field errors of the same schema, so they are shown next to their field like any other error.
import { fileYearSchema, MESSAGES } from '@portail/contract';
import { z } from 'zod';

/** A text field: '' → null (optional fields of the contract are nullable). */
export const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value);

/** A number typed with spaces (12 500) or a decimal comma (1,5): the schema coerces it; '' → null. */
export const numberOrNull = (value: string): string | null => {
  const compact = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return compact === '' ? null : compact;
};

/** A stored value as the form's text. */
export const toText = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** A required select (its value is then piped to the contract's schema). */
export const requiredChoice = (label: string) =>
  z.string({ error: MESSAGES.required(label) }).min(1, MESSAGES.required(label));

/** A required year select, checked by the contract's fileYearSchema (a recent year). */
export const yearChoice = (label = 'année') =>
  requiredChoice(label).transform((value, ctx) => {
    const parsed = fileYearSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? MESSAGES.badFormat(label) });
    return z.NEVER;
  });

/** `schema` whose valid output must also pass the contract's cross-field `rules` (field → message). */
export function withRules<T>(schema: z.ZodType<T>, rules: (value: T) => Record<string, string>): z.ZodType<T> {
  return schema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(rules(value))) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}

/** The form's strings turned into the schema's input: numbers and texts, '' → null. */
export function formInput<K extends string>(
  values: Record<K, string>,
  numbers: readonly K[],
  texts: readonly K[],
): Record<K, string | null> {
  const out = {} as Record<K, string | null>;
  for (const k of numbers) out[k] = numberOrNull(values[k]);
  for (const k of texts) out[k] = textOrNull(values[k]);
  return out;
}

// zod issues and server field errors → one French message per field.
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export function issuesToFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Server field keys may be prefixed by the request part (`body.email`). */
export function serverFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    result[key.replace(/^(body|query|params)\./, '')] = message;
  }
  return result;
}

/**
 * Maps a server field key to one of the form's keys: the key itself, or its end
 * (`description.code_subvention` → `code_subvention`, `demandeur.id_rib` → `id_rib`); null when the
 * form has no such field (the summary then lists the message without a link).
 */
export function serverKeyIn(formKeys: readonly string[]): (key: string) => string | null {
  return (key) => {
    if (formKeys.includes(key)) return key;
    const parts = key.split('.');
    for (let i = 1; i < parts.length; i++) {
      const tail = parts.slice(i).join('.');
      if (formKeys.includes(tail)) return tail;
    }
    return null;
  };
}

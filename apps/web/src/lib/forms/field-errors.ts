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

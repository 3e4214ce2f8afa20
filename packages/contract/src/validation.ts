// Turns zod issues into the French error body: one message listing the fields, and a message per field.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

// zod's own messages (types, enums...) in French where a schema gives none of its own.
z.config(z.locales.fr());

export interface FieldErrors {
  message: string;
  fields: Record<string, string>;
}

export function describeIssues(error: z.ZodError, where?: string): FieldErrors {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || where || 'requête';
    fields[key] ??= issue.message;
  }
  return { message: invalidFormMessage(fields), fields };
}

/** The form error's message: the generic sentence, then each field and its message. */
export function invalidFormMessage(fields: Record<string, string>): string {
  const list = Object.entries(fields)
    .map(([field, message]) => `${field} : ${message}`)
    .join(' ; ');
  return `${MESSAGES.invalidForm} ${list}`;
}

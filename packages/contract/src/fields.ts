// Field schemas shared by every form and route (docs/domain.md « Champs »).
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './limits.ts';
import { MESSAGES } from './messages.ts';

/** Local part of letters, digits and .!#$%&*+=?^_{|}~- then @ then domain labels (docs/domain.md « Champs »). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&*+=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** E-mails are trimmed and lower-cased before any use. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: MESSAGES.required('adresse e-mail') })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, MESSAGES.required('adresse e-mail'))
      .max(254, MESSAGES.maxLength('adresse e-mail', 254))
      .regex(EMAIL_PATTERN, MESSAGES.badFormat('adresse e-mail')),
  );

export { PASSWORD_MIN_LENGTH } from './limits.ts';
const PASSWORD_RULES = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9\s]/];

export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && PASSWORD_RULES.every((rule) => rule.test(password));
}

/** At least 12 characters with upper case, lower case, digit and punctuation (docs/domain.md « Champs »). */
export const passwordSchema = z
  .string({ error: MESSAGES.required('mot de passe') })
  .max(128, MESSAGES.maxLength('mot de passe', 128))
  .refine(isStrongPassword, MESSAGES.passwordRule);

/** The stored forms: one per civilité, the values of the `civilites` referential. */
export const CIVILITES = ['M.', 'Mme'] as const;
export type Civilite = (typeof CIVILITES)[number];
export const CIVILITE_LABELS: Record<Civilite, string> = { 'M.': 'Monsieur', Mme: 'Madame' };

/** The usual spellings, keyed lower-cased without a final dot ("Madame", "MME", "M.", "Mr"...). */
const CIVILITE_SPELLINGS: Readonly<Record<string, Civilite>> = {
  m: 'M.',
  mr: 'M.',
  monsieur: 'M.',
  mme: 'Mme',
  madame: 'Mme',
};

/** The stored form of a civilité however it was spelt, or null when it is none of the usual ones. */
export function normaliseCivilite(value: string): Civilite | null {
  const key = value.trim().toLowerCase().replace(/\.$/, '');
  return Object.hasOwn(CIVILITE_SPELLINGS, key) ? CIVILITE_SPELLINGS[key]! : null;
}

/** Accepts the usual spellings (trimmed, any case) and gives the stored form. */
export const civiliteSchema = z.string({ error: MESSAGES.badFormat('civilité') }).transform((value, ctx): Civilite => {
  const civilite = normaliseCivilite(value);
  if (civilite === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.badFormat('civilité') });
    return z.NEVER;
  }
  return civilite;
});

/** Letters (accents included), spaces and a few punctuation marks (docs/domain.md « Champs »). */
export const NAME_PATTERN = /^[A-Za-zÀ-ÖØ-öø-ÿŒœ' .-]+$/;
export const personNameSchema = (label: string) =>
  z
    .string({ error: MESSAGES.required(label) })
    .trim()
    .min(1, MESSAGES.required(label))
    .max(100, MESSAGES.maxLength(label, 100))
    .regex(NAME_PATTERN, MESSAGES.badFormat(label));

/** Opaque identifiers (UUIDs) in paths. */
export const idSchema = z.string().uuid(MESSAGES.badFormat('identifiant'));

/** Query-string booleans: "true"/"false". */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

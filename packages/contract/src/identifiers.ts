// Association identifiers (docs/domain.md « Champs »): SIREN and SIRET
// with their Luhn key, RNA, and how a search term is read.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** La Poste's SIRETs do not follow Luhn: the sum of their digits is a multiple of 5. */
export const LA_POSTE_SIREN = '356000000';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const SIREN_PATTERN = /^\d{9}$/;
export const SIRET_PATTERN = /^\d{14}$/;
/** W + digit + digit or letter (2A/2B, Corsica) + 7 digits. */
export const RNA_PATTERN = /^W\d[A-Z\d]\d{7}$/;

export function isValidSiren(value: string): boolean {
  return SIREN_PATTERN.test(value) && luhnValid(value);
}

export function isValidSiret(value: string): boolean {
  if (!SIRET_PATTERN.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN)) {
    const sum = [...value].reduce((total, c) => total + Number(c), 0);
    return sum % 5 === 0;
  }
  return luhnValid(value);
}

export const isValidRna = (value: string) => RNA_PATTERN.test(value);

/** Spaces and dots are accepted on input (e.g. "123 456 789") and removed. */
const compact = (value: string) => value.replace(/[\s.]/g, '').toUpperCase();

export const sirenSchema = z
  .string({ error: MESSAGES.required('SIREN') })
  .transform(compact)
  .refine(isValidSiren, MESSAGES.badFormat('SIREN'));
export const siretSchema = z
  .string({ error: MESSAGES.required('SIRET') })
  .transform(compact)
  .refine(isValidSiret, MESSAGES.badFormat('SIRET'));
export const rnaSchema = z
  .string({ error: MESSAGES.required('RNA') })
  .transform(compact)
  .refine(isValidRna, MESSAGES.badFormat('RNA'));

/** SIREN of a SIRET (its first 9 digits). */
export const sirenOf = (siret: string) => siret.slice(0, 9);

export type SearchTerm =
  | { kind: 'siren'; value: string }
  | { kind: 'siret'; value: string }
  | { kind: 'rna'; value: string }
  | { kind: 'name'; value: string };

/**
 * A term holding a run of 9 digits (optionally after W) is an identifier lookup, anything else a
 * name search (docs/domain.md « Champs »).
 */
export function readSearchTerm(term: string): SearchTerm {
  const trimmed = term.trim();
  const compacted = compact(trimmed);
  if (RNA_PATTERN.test(compacted)) return { kind: 'rna', value: compacted };
  if (/^W?\d{9}/.test(compacted) || /\d{9}/.test(trimmed.replace(/[\s.]/g, ''))) {
    const digits = compacted.replace(/\D/g, '');
    if (digits.length === 14) return { kind: 'siret', value: digits };
    if (compacted.startsWith('W')) return { kind: 'rna', value: compacted };
    return { kind: 'siren', value: digits.slice(0, 9) };
  }
  return { kind: 'name', value: trimmed };
}

/** Display (docs/domain.md « Constantes et affichage »): SIREN 3-3-3, SIRET 3-3-3-5. */
export const formatSiren = (siren: string) => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
export const formatSiret = (siret: string) => siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');

/** A UUID as text (a path segment, a cursor, a notification's payload): checked before it is cast. */
export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const UUID_REGEX = new RegExp(UUID_PATTERN, 'i');
export const isUuid = (value: string): boolean => UUID_REGEX.test(value);

// The constants (docs/domain.md « Constantes et affichage ») (and the field bounds they come with), pinned: a change here is a change of
// the specification, made knowingly in both places.
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FILE_EXTENSIONS,
  ALLOWED_DOCUMENT_TYPES,
  AMALIA_LENGTH,
  DONATION_THRESHOLD,
  euroSchema,
  FOLIO_LENGTH,
  identiteChangesSchema,
  isStrongPassword,
  MAX_AMOUNT,
  MAX_STORED_EUROS,
  parseBudgetAmount,
  PASSWORD_MIN_LENGTH,
  reseauChangesSchema,
  TEXT_LIMITS,
  UPLOAD_HINT,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  VOLUME_LENGTH,
} from '../src/index.ts';

describe('the constants of docs/domain.md « Constantes et affichage »', () => {
  it('upload: 15728640 bytes, pdf, jpg and jpeg', () => {
    expect(UPLOAD_MAX_BYTES).toBe(15_728_640);
    expect(ALLOWED_DOCUMENT_TYPES.map((type) => type.extension)).toEqual(['pdf', 'jpg', 'jpeg']);
    expect(ACCEPTED_FILE_EXTENSIONS).toBe('.pdf,.jpg,.jpeg');
    expect(UPLOAD_MAX_MB).toBe(15);
    expect(UPLOAD_HINT).toBe('Formats acceptés : PDF, JPG, JPEG. Taille maximale : 15 Mo.');
  });

  it('password minimum 12, and the rule applies it', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(isStrongPassword('Abcdefgh1-x')).toBe(false);
    expect(isStrongPassword('Abcdefgh1-xy')).toBe(true);
  });

  it('texts: acronym 20 (cut to 17), name 120, object 260, complement 35, street 30, postal box 7', () => {
    expect(TEXT_LIMITS).toEqual({ acronym: 20, acronymCut: 17, name: 120, object: 260, complement: 35, street: 30, postalBox: 7 });
  });

  it('Amalia 13-14, volume and folio 3, donation threshold 153000', () => {
    expect(AMALIA_LENGTH).toEqual({ min: 13, max: 14 });
    expect(VOLUME_LENGTH).toBe(3);
    expect(FOLIO_LENGTH).toBe(3);
    expect(DONATION_THRESHOLD).toBe(153_000);
  });
});

describe('the schemas read the constants', () => {
  it('Amalia, volume and folio of the characteristics', () => {
    const ok = (changes: object) => identiteChangesSchema.safeParse(changes).success;
    expect(ok({ numero_amalia: 'A'.repeat(12) })).toBe(false);
    expect(ok({ numero_amalia: 'A'.repeat(13) })).toBe(true);
    expect(ok({ numero_amalia: 'A'.repeat(14) })).toBe(true);
    expect(ok({ numero_amalia: 'A'.repeat(15) })).toBe(false);
    expect(ok({ volume: '12' })).toBe(false);
    expect(ok({ volume: '123', folio: '456' })).toBe(true);
    expect(ok({ folio: '1234' })).toBe(false);
  });

  it('object at most 260 characters, in the identity and in a network', () => {
    expect(identiteChangesSchema.safeParse({ objet: 'x'.repeat(260) }).success).toBe(true);
    expect(identiteChangesSchema.safeParse({ objet: 'x'.repeat(261) }).success).toBe(false);
    expect(reseauChangesSchema.safeParse({ objet: 'x'.repeat(261) }).success).toBe(false);
  });
});

describe('amounts', () => {
  it('a budget line: whole euros up to 10^12, as the server checks it (the client reads the same rule)', () => {
    expect(MAX_AMOUNT).toBe(10 ** 12);
    expect(parseBudgetAmount('1 000 000 000 000')).toBe(10 ** 12);
    expect(parseBudgetAmount('1000000000001')).toBeNull();
    expect(parseBudgetAmount('9999999999999')).toBeNull();
    expect(parseBudgetAmount('0')).toBe(0);
    expect(parseBudgetAmount('12,5')).toBeNull();
    expect(parseBudgetAmount('-3')).toBeNull();
    expect(parseBudgetAmount('')).toBeNull();
  });

  it('account summaries and salaries fit their integer columns', () => {
    expect(MAX_STORED_EUROS).toBe(2 ** 31 - 1);
    expect(euroSchema('charges').safeParse(MAX_STORED_EUROS).success).toBe(true);
    expect(euroSchema('charges').safeParse(MAX_STORED_EUROS + 1).success).toBe(false);
    expect(euroSchema('résultat', { signed: true }).safeParse(-MAX_STORED_EUROS).success).toBe(true);
    expect(euroSchema('résultat', { signed: true }).safeParse(-MAX_STORED_EUROS - 1).success).toBe(false);
  });
});

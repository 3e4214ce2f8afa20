import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatSiren,
  formatSiret,
  isValidRna,
  isValidSiren,
  isValidSiret,
  luhnValid,
  readSearchTerm,
  sirenSchema,
  siretSchema,
} from '../src/index.ts';

/** Appends the Luhn key that makes `body` valid. */
function withLuhnKey(body: string): string {
  for (let key = 0; key <= 9; key++) if (luhnValid(body + key)) return body + key;
  throw new Error('unreachable');
}

describe('SIREN / SIRET', () => {
  it('accepts real identifiers', () => {
    expect(isValidSiren('732829320')).toBe(true); // Croix-Rouge française
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiren('130025265')).toBe(true); // DINUM
  });

  it('rejects a wrong key, a wrong length or letters', () => {
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
  });

  it("handles La Poste's SIRETs (sum of digits divisible by 5)", () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
  });

  it('every body completed with its key is valid; changing one digit breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{8}$/),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 9 }),
        (body, pos, delta) => {
          const siren = withLuhnKey(body);
          const changed = siren.slice(0, pos) + ((Number(siren[pos]) + delta) % 10) + siren.slice(pos + 1);
          return isValidSiren(siren) && !isValidSiren(changed);
        },
      ),
    );
  });

  it('schemas strip spaces and dots and give French messages', () => {
    expect(sirenSchema.parse('732 829 320')).toBe('732829320');
    expect(siretSchema.safeParse('123').error?.issues[0]?.message).toBe(
      "La valeur du champ SIRET n'est pas au bon format.",
    );
  });

  it('formats 3-3-3 and 3-3-3-5', () => {
    expect(formatSiren('732829320')).toBe('732 829 320');
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
  });
});

describe('RNA', () => {
  it.each(['W751234567', 'W2A1234567', 'W9B0000001'])('accepts %s', (rna) => expect(isValidRna(rna)).toBe(true));
  it.each(['W75123456', 'X751234567', 'w751234567', 'W7512345678'])('rejects %s', (rna) =>
    expect(isValidRna(rna)).toBe(false),
  );
});

describe('search terms (docs/domain.md « Champs »)', () => {
  it('reads identifiers', () => {
    expect(readSearchTerm('732829320')).toEqual({ kind: 'siren', value: '732829320' });
    expect(readSearchTerm('732 829 320 00074')).toEqual({ kind: 'siret', value: '73282932000074' });
    expect(readSearchTerm('w751234567')).toEqual({ kind: 'rna', value: 'W751234567' });
  });
  it('anything else is a name', () => {
    expect(readSearchTerm('  Les amis du vélo ')).toEqual({ kind: 'name', value: 'Les amis du vélo' });
    expect(readSearchTerm('Club 1901')).toEqual({ kind: 'name', value: 'Club 1901' });
  });
});

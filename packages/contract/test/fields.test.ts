import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  isStrongPassword,
  MESSAGES,
  normaliseEmail,
  passwordSchema,
  personNameSchema,
  registerBodySchema,
} from '../src/index.ts';

describe('e-mail', () => {
  it('is trimmed and lower-cased before use', () => {
    expect(emailSchema.parse('  Jean.Dupont@Exemple.FR ')).toBe('jean.dupont@exemple.fr');
  });

  it('accepts the special characters of the spec in the local part', () => {
    expect(emailSchema.safeParse("a.b!#$%&*+=?^_{|}~-c@x.org").success).toBe(true);
  });

  it.each(['', 'sans-arobase', 'a@b', 'a@.org', 'a b@x.org', 'a@x..org'])('rejects %j in French', (value) => {
    const result = emailSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/adresse e-mail/);
  });

  it('normalisation is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normaliseEmail(normaliseEmail(s)) === normaliseEmail(s)));
  });
});

describe('password (12 characters, upper, lower, digit, punctuation)', () => {
  it.each([
    ['Court-1a', 'too short'],
    ['sans-majuscule-12', 'no upper case'],
    ['SANS-MINUSCULE-12', 'no lower case'],
    ['Sans-Chiffre-abc', 'no digit'],
    ['SansPonctuation12', 'no punctuation'],
  ])('rejects %j (%s) with the rule text', (value) => {
    const result = passwordSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.passwordRule);
  });

  it('accepts a password meeting every rule', () => {
    expect(passwordSchema.safeParse('Motdepasse-2026').success).toBe(true);
  });

  it('any password built from the four classes and long enough is strong', () => {
    const chars = (set: string) => fc.constantFrom(...set.split(''));
    fc.assert(
      fc.property(
        chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        chars('abcdefghijklmnopqrstuvwxyz'),
        chars('0123456789'),
        chars('!?.,;:-_*#@%&'),
        fc.string({ minLength: 8, maxLength: 40 }).filter((s) => !/\s/.test(s)),
        (u, l, d, p, rest) => isStrongPassword(`${u}${l}${d}${p}${rest}`.padEnd(12, 'x')),
      ),
    );
  });

  it('no password shorter than 12 characters is strong', () => {
    fc.assert(fc.property(fc.string({ maxLength: 11 }), (s) => !isStrongPassword(s)));
  });
});

describe('names', () => {
  const nom = personNameSchema('nom');
  it.each(["Lefèvre", "O'Neil", 'Jean-Édouard', 'Ç Œ'])('accepts %j', (value) => {
    expect(nom.safeParse(value).success).toBe(true);
  });
  it.each(['R2D2', '<script>', ''])('rejects %j', (value) => {
    expect(nom.safeParse(value).success).toBe(false);
  });
});

describe('registration body', () => {
  const valid = {
    email: 'a@x.org',
    password: 'Motdepasse-2026',
    confirm: 'Motdepasse-2026',
    civilite: 'Mme',
    nom: 'Martin',
    prenom: 'Camille',
  };
  it('accepts a complete body', () => {
    expect(registerBodySchema.safeParse(valid).success).toBe(true);
  });
  it('refuses a confirmation that differs, on the confirm field', () => {
    const result = registerBodySchema.safeParse({ ...valid, confirm: 'Autre-mot-2026' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirm'], message: MESSAGES.passwordsDoNotMatch })]);
  });
});

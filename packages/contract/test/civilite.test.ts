import { describe, expect, it } from 'vitest';
import {
  civiliteSchema,
  CIVILITES,
  MESSAGES,
  registerBodySchema,
  representantChangesSchema,
  representantFieldsSchema,
  updateUserBodySchema,
} from '../src/index.ts';

describe('civilité: the usual spellings, one stored form', () => {
  it.each([
    ['Madame', 'Mme'],
    ['madame', 'Mme'],
    ['Mme', 'Mme'],
    ['MME', 'Mme'],
    [' mme. ', 'Mme'],
    ['Monsieur', 'M.'],
    ['MONSIEUR', 'M.'],
    ['M.', 'M.'],
    ['M', 'M.'],
    ['m', 'M.'],
    ['Mr', 'M.'],
    ['MR.', 'M.'],
    ['  M.  ', 'M.'],
  ])('%j is stored as %j', (given, stored) => {
    expect(civiliteSchema.parse(given)).toBe(stored);
  });

  it('stores only the forms of the civilites referential', () => {
    expect(CIVILITES).toEqual(['M.', 'Mme']);
  });

  it.each(['', ' ', 'Mlle.x', 'Dr', 'Mm', 'M..', 'toString', 'constructor', 'Madame Monsieur'])('refuses %j', (given) => {
    const result = civiliteSchema.safeParse(given);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.badFormat('civilité'));
  });

  it('refuses what is not text', () => {
    expect(civiliteSchema.safeParse(1).success).toBe(false);
    expect(civiliteSchema.safeParse(null).success).toBe(false);
  });

  it('is the rule of every body that carries a civilité', () => {
    const account = { email: 'a@b.fr', password: 'Motdepasse-12', confirm: 'Motdepasse-12', nom: 'Durand', prenom: 'Léa' };
    expect(registerBodySchema.parse({ ...account, civilite: 'Madame' }).civilite).toBe('Mme');
    expect(updateUserBodySchema.parse({ civilite: 'monsieur' }).civilite).toBe('M.');
    const representant = {
      civilite: 'MME',
      nom: 'Durand',
      prenom: 'Léa',
      courriel: 'lea@b.fr',
      fonction: 'Présidente',
      telephone: '0102030405',
    };
    expect(representantFieldsSchema.parse(representant).civilite).toBe('Mme');
    expect(representantChangesSchema.parse({ civilite: 'Mr' }).civilite).toBe('M.');
    expect(representantChangesSchema.safeParse({ civilite: 'Docteur' }).success).toBe(false);
  });
});

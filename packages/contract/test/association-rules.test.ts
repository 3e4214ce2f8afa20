import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCharacteristicsRules,
  ASSOCIATION_FILE_MESSAGES,
  BUDGET_ACCOUNTS,
  bicSchema,
  computeBudgetTotals,
  decodeChanges,
  decodeChangeValue,
  diffToChanges,
  encodeChangeValue,
  ibanSchema,
  identiteChangesSchema,
  isAlsaceMosellePostcode,
  isValidBic,
  isValidIban,
  MESSAGES,
  PHONE_PATTERN,
  type BudgetLines,
  type Characteristics,
} from '../src/index.ts';

describe('change lists', () => {
  it("decodes list values sent with a leading '!' and '#' separators", () => {
    expect(decodeChangeValue('!a#b#c')).toEqual(['a', 'b', 'c']);
    expect(decodeChangeValue('!seul')).toEqual(['seul']);
    expect(decodeChangeValue('!')).toEqual([]);
    expect(decodeChangeValue('texte')).toBe('texte');
    expect(decodeChangeValue(12)).toBe(12);
    expect(decodeChangeValue(false)).toBe(false);
    expect(decodeChangeValue(null)).toBeNull();
  });

  it('round-trips any list of items without the separators', () => {
    const item = fc.string({ minLength: 1 }).filter((s) => !s.includes('#'));
    fc.assert(
      fc.property(fc.array(item), (list) => {
        expect(decodeChangeValue(encodeChangeValue(list) as string)).toEqual(list);
      }),
    );
  });

  it('turns a change list into an object, the last value of a key winning', () => {
    expect(decodeChanges([{ key: 'a', value: 1 }, { key: 'b', value: '!x#y' }, { key: 'a', value: 2 }])).toEqual({ a: 2, b: ['x', 'y'] });
  });

  it('sends only the changed fields', () => {
    expect(diffToChanges({ a: 1, b: ['x'], c: null }, { a: 1, b: ['x', 'y'], c: 'z' })).toEqual([
      { key: 'b', value: '!x#y' },
      { key: 'c', value: 'z' },
    ]);
    expect(diffToChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('bank details', () => {
  it('accepts a valid IBAN in any case and with spaces, stored upper case without spaces', () => {
    expect(ibanSchema.parse('fr76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });

  it('refuses a wrong IBAN key or garbage', () => {
    for (const bad of ['FR7630006000011234567890188', 'FR76', 'pas un iban', '']) {
      expect(ibanSchema.safeParse(bad).success).toBe(false);
    }
    expect(ibanSchema.safeParse('FR7630006000011234567890188').error?.issues[0]?.message).toBe(MESSAGES.badFormat('IBAN'));
  });

  it('checks the BIC: four letters, a French country code, [2-9A-Z], one alphanumeric, optional branch', () => {
    for (const good of ['BNPAFRPP', 'bnpafrppxxx', 'AGRIRERX', 'CEPAFRPP751', 'ABCDNCP1']) expect(isValidBic(good), good).toBe(true);
    for (const bad of ['BNPADEFF', 'BNPAFR1P', 'BNP1FRPP', 'BNPAFRPPX', 'BNPAFRPP12345', '']) expect(isValidBic(bad), bad).toBe(false);
    expect(bicSchema.parse(' bnpa frpp ')).toBe('BNPAFRPP');
  });
});

describe('phone', () => {
  it('allows an optional leading + then digits only', () => {
    for (const good of ['0612345678', '+33612345678', '0033612345678']) expect(PHONE_PATTERN.test(good), good).toBe(true);
    for (const bad of ['06 12 34 56 78', '06.12.34.56.78', '+33 6', 'abc', '++33612345678']) expect(PHONE_PATTERN.test(bad), bad).toBe(false);
  });
});

const base: Characteristics = {
  regime: 'loi1901',
  util_publique: false,
  date_publication_util_publique: null,
  date_pub_registre: null,
  tribunal_instance: null,
  numero_amalia: null,
  volume: null,
  folio: null,
  a_dons_subv_153000: false,
  a_publication_comptes_jo: null,
  a_commissaire_aux_comptes: null,
  domaine: 'Autre',
  type_structure_sportive: null,
  champ_action_territorial: 'Local',
};

describe('characteristics form', () => {
  it('refuses Alsace-Moselle fields outside that regime and clears them when the regime leaves it', () => {
    const set = applyCharacteristicsRules({ ...base, numero_amalia: '1234567890123' }, new Set(['numero_amalia']));
    expect(set.errors.numero_amalia).toBe(ASSOCIATION_FILE_MESSAGES.onlyWhen('numéro Amalia', 'pour le régime Alsace-Moselle'));
    const alsace = { ...base, regime: 'alsaceMoselle', numero_amalia: '1234567890123', volume: '001', folio: '002' };
    expect(applyCharacteristicsRules(alsace, new Set(['numero_amalia'])).errors).toEqual({});
    const left = applyCharacteristicsRules({ ...alsace, regime: 'loi1901' }, new Set(['regime']));
    expect(left.errors).toEqual({});
    expect(left.state).toMatchObject({ numero_amalia: null, volume: null, folio: null });
  });

  it('allows the RUP date only for a public-utility association', () => {
    expect(applyCharacteristicsRules({ ...base, date_publication_util_publique: '2020-01-01' }, new Set(['date_publication_util_publique'])).errors)
      .toHaveProperty('date_publication_util_publique');
    expect(applyCharacteristicsRules({ ...base, util_publique: true, date_publication_util_publique: '2020-01-01' }, new Set(['util_publique'])).errors).toEqual({});
  });

  it('requires the sports structure type for Sport and clears it when leaving Sport', () => {
    expect(applyCharacteristicsRules({ ...base, domaine: 'Sport' }, new Set(['domaine'])).errors).toEqual({
      type_structure_sportive: ASSOCIATION_FILE_MESSAGES.requiredWhen('type de structure sportive', 'pour le domaine Sport'),
    });
    const left = applyCharacteristicsRules({ ...base, domaine: 'Autre', type_structure_sportive: 'club' }, new Set(['domaine']));
    expect(left.errors).toEqual({});
    expect(left.state.type_structure_sportive).toBeNull();
  });

  it('keeps JOAFE and auditor only above the 153 000 € box, clearing them when unchecked', () => {
    expect(applyCharacteristicsRules({ ...base, a_publication_comptes_jo: true }, new Set(['a_publication_comptes_jo'])).errors)
      .toHaveProperty('a_publication_comptes_jo');
    const off = applyCharacteristicsRules(
      { ...base, a_dons_subv_153000: false, a_publication_comptes_jo: true, a_commissaire_aux_comptes: true },
      new Set(['a_dons_subv_153000']),
    );
    expect(off.errors).toEqual({});
    expect(off.state).toMatchObject({ a_publication_comptes_jo: null, a_commissaire_aux_comptes: null });
  });

  it('requires the regime', () => {
    expect(applyCharacteristicsRules({ ...base, regime: null }, new Set(['domaine'])).errors.regime).toBe(MESSAGES.required('régime'));
  });

  it('checks Amalia 13-14, volume and folio exactly 3 characters', () => {
    const issues = identiteChangesSchema.safeParse({ numero_amalia: '123', volume: '12', folio: '1234' }).error!.issues;
    expect(Object.fromEntries(issues.map((i) => [i.path[0], i.message]))).toEqual({
      numero_amalia: MESSAGES.minLength('numéro Amalia', 13),
      volume: MESSAGES.exactLength('volume', 3),
      folio: MESSAGES.exactLength('folio', 3),
    });
    expect(identiteChangesSchema.safeParse({ numero_amalia: '123456789012345' }).success).toBe(false);
    expect(identiteChangesSchema.safeParse({ numero_amalia: '12345678901234', volume: '001', folio: 'A12' }).success).toBe(true);
  });

  it('detects Alsace-Moselle by postcode 57, 67, 68', () => {
    expect(['57000', '67100', '68200'].every(isAlsaceMosellePostcode)).toBe(true);
    expect(['75001', '05700', null].some(isAlsaceMosellePostcode)).toBe(false);
  });
});

describe('budget totals', () => {
  const lines = fc.record(
    Object.fromEntries(BUDGET_ACCOUNTS.map((a) => [a, fc.nat({ max: 10_000_000 })])) as Record<string, fc.Arbitrary<number>>,
    { requiredKeys: [] },
  ) as fc.Arbitrary<BudgetLines>;

  it('computes charges (60-69 + 86) and products (70-79 + 87)', () => {
    const totals = computeBudgetTotals({ '60': 100, '64': 50, '70': 120, '74': 10, '86': 5, '87': 7 });
    expect(totals).toEqual({
      charges: 150,
      produits: 130,
      contributions_charges: 5,
      contributions_produits: 7,
      total_charges: 155,
      total_produits: 137,
      excedent: 0,
      insuffisance: 18,
    });
  });

  it('never gives an excess or a shortfall below zero, and at most one of them', () => {
    fc.assert(
      fc.property(lines, (l) => {
        const t = computeBudgetTotals(l);
        expect(t.excedent).toBeGreaterThanOrEqual(0);
        expect(t.insuffisance).toBeGreaterThanOrEqual(0);
        expect(t.excedent === 0 || t.insuffisance === 0).toBe(true);
        expect(t.total_produits - t.total_charges).toBe(t.excedent - t.insuffisance);
        expect(t.total_charges).toBe(t.charges + t.contributions_charges);
        expect(t.total_produits).toBe(t.produits + t.contributions_produits);
      }),
    );
  });

  it('is the sum of the lines: adding to a charge account raises the charges by that amount', () => {
    fc.assert(
      fc.property(lines, fc.constantFrom('60', '61', '65', '69'), fc.nat({ max: 1000 }), (l, account, amount) => {
        const before = computeBudgetTotals(l);
        const after = computeBudgetTotals({ ...l, [account]: (l[account as '60'] ?? 0) + amount });
        expect(after.charges - before.charges).toBe(amount);
        expect(after.produits).toBe(before.produits);
      }),
    );
  });
});

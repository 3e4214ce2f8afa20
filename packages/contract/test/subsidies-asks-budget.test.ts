import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  askHolds,
  computeSubsidyBudgetTotals,
  evaluateAsks,
  FIXED_COST_LINES,
  OWN_RESOURCE_LINES,
  selectExpected,
  subsidyBudgetSchema,
  type Ask,
  type ExpectedItem,
} from '../src/subsidies/index.ts';
import { CHARGE_ACCOUNTS, PRODUCT_ACCOUNTS } from '../src/budget-balance.ts';

const dossier = { description: { pluriannuel: true, exercice: 2026, customs: [{ code: 'q1', value: 'oui' }] }, demandeur: { id_siret: null } };
const context = (tca = false) => ({ scopes: { dossier, association: { domaine: 'Sport', agrements: ['JEP', 'Sport'], rhs: { nb_salaries: 3 } } }, tca });
const ask = (over: Partial<Ask>): Ask => ({ scope: 'dossier', key: 'description.pluriannuel', operator: '===', value: true, ...over });

describe('conditions of expected fields and documents', () => {
  it('reads the key in its scope with each operator', () => {
    expect(evaluateAsks([ask({})], context())).toBe(true);
    expect(evaluateAsks([ask({ value: false })], context())).toBe(false);
    expect(evaluateAsks([ask({ key: 'description.exercice', operator: '==', value: '2026' })], context())).toBe(true);
    expect(evaluateAsks([ask({ key: 'description.exercice', operator: '===', value: '2026' })], context())).toBe(false);
    expect(evaluateAsks([ask({ key: 'description.exercice', operator: '>=', value: 2026 })], context())).toBe(true);
    expect(evaluateAsks([ask({ key: 'description.exercice', operator: '<', value: 2026 })], context())).toBe(false);
    expect(evaluateAsks([ask({ scope: 'association', key: 'agrements', operator: 'includes', value: 'JEP' })], context())).toBe(true);
    expect(evaluateAsks([ask({ scope: 'association', key: 'rhs', operator: 'has', value: 'nb_salaries' })], context())).toBe(true);
    expect(evaluateAsks([ask({ scope: 'association', key: 'rhs', operator: 'has', value: 'nb_benevoles' })], context())).toBe(false);
    expect(evaluateAsks([ask({ key: 'demandeur.id_siret', scope: 'dossier', operator: 'has', value: undefined })], context())).toBe(false);
    expect(evaluateAsks([ask({ key: 'absent.deeper', operator: '!=', value: 'x' })], context())).toBe(true);
  });

  it('hides an item marked masquer_si_tca on a TCA dossier only', () => {
    const asks = [ask({ masquer_si_tca: true })];
    expect(evaluateAsks(asks, context(false))).toBe(true);
    expect(evaluateAsks(asks, context(true))).toBe(false);
  });

  it('shows an item with no condition, and pairs each operator with its negation', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)), fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)), (a, b) => {
        expect(askHolds('==', a, b)).toBe(!askHolds('!=', a, b));
        expect(askHolds('===', a, b)).toBe(!askHolds('!==', a, b));
        if (askHolds('===', a, b)) expect(askHolds('==', a, b)).toBe(true);
        if (typeof a === 'number' && typeof b === 'number') {
          expect(askHolds('<', a, b)).toBe(!askHolds('>=', a, b));
          expect(askHolds('>', a, b)).toBe(!askHolds('<=', a, b));
        }
      }),
    );
    expect(evaluateAsks([], context(true))).toBe(true);
  });

  it('is a conjunction: an item is shown exactly when each of its conditions alone shows it', () => {
    const anAsk = fc.record({
      scope: fc.constant('dossier'),
      key: fc.constantFrom('description.pluriannuel', 'description.exercice', 'demandeur.id_siret'),
      operator: fc.constantFrom('<', '>', '>=', '<=', '==', '!=', '===', '!==', 'includes', 'has'),
      value: fc.oneof(fc.integer({ min: 2024, max: 2028 }), fc.boolean(), fc.constant(null)),
    }) as fc.Arbitrary<Ask>;
    fc.assert(
      fc.property(fc.array(anAsk, { maxLength: 5 }), (asks) => {
        expect(evaluateAsks(asks, context())).toBe(asks.every((a) => evaluateAsks([a], context())));
      }),
    );
  });

  it('selects enabled items whose conditions hold, required when obligatoire', () => {
    const item = (code: string, over: Partial<ExpectedItem> = {}): ExpectedItem => ({ code, label: code, part: 'dossier', enabled: true, obligatoire: false, asks: [], ...over });
    const selected = selectExpected(
      [item('a', { obligatoire: true }), item('b', { enabled: false }), item('c', { asks: [ask({ value: false })] }), item('d', { asks: [ask({ masquer_si_tca: true })] })],
      context(true),
    );
    expect(selected.map((s) => [s.code, s.required])).toEqual([['a', true]]);
  });
});

const amount = fc.integer({ min: 0, max: 1_000_000_000 });
const linesOf = <K extends string>(keys: readonly K[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, amount])) as Record<K, fc.Arbitrary<number>>, { requiredKeys: [] });
const budget = fc.record({
  charges: fc.record({ comptes: linesOf(CHARGE_ACCOUNTS), charges_fixes: linesOf(FIXED_COST_LINES) }),
  produits: fc.record({ comptes: linesOf(PRODUCT_ACCOUNTS), ressources_propres: linesOf(OWN_RESOURCE_LINES) }),
  contributions: linesOf(['86', '87'] as const),
});

describe('budget totals of a dossier or project', () => {
  it('adds accounts 60-69 and fixed costs, 70-79 and own resources, 86 and 87', () => {
    const totals = computeSubsidyBudgetTotals({
      charges: { comptes: { '60': 100, '64': 900 }, charges_fixes: { charges_fixes_fonctionnement: 50, frais_financiers: 10 } },
      produits: { comptes: { '74': 800 }, ressources_propres: { fonds_propres: 100, cotisations_dons: 20, autres_ressources: 5 } },
      contributions: { '86': 300, '87': 300 },
    });
    expect(totals).toEqual({
      charges: 1060, produits: 925, contributions_charges: 300, contributions_produits: 300,
      total_charges: 1360, total_produits: 1225, excedent: 0, insuffisance: 135,
    });
    expect(computeSubsidyBudgetTotals({})).toMatchObject({ total_charges: 0, excedent: 0, insuffisance: 0 });
  });

  it('keeps excess − shortfall = produits − charges, both ≥ 0, at most one non-zero', () => {
    fc.assert(
      fc.property(budget, (lines) => {
        const t = computeSubsidyBudgetTotals(lines);
        expect(t.excedent - t.insuffisance).toBe(t.total_produits - t.total_charges);
        expect(t.excedent).toBeGreaterThanOrEqual(0);
        expect(t.insuffisance).toBeGreaterThanOrEqual(0);
        expect(t.excedent === 0 || t.insuffisance === 0).toBe(true);
        expect(t.total_charges).toBe(t.charges + t.contributions_charges);
        expect(t.total_produits).toBe(t.produits + t.contributions_produits);
      }),
    );
  });

  it('refuses negative, fractional or unknown lines with a French message', () => {
    const base = { annee: 2026, exerciceDu: null, exerciceAu: null, contributions: {} };
    const refused = subsidyBudgetSchema.safeParse({ ...base, charges: { comptes: { '60': -1 } }, produits: {} });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('compte 60');
    expect(subsidyBudgetSchema.safeParse({ ...base, charges: { comptes: { '60': 1.5 } }, produits: {} }).success).toBe(false);
    expect(subsidyBudgetSchema.safeParse({ ...base, charges: { comptes: { '80': 1 } }, produits: {} }).success).toBe(false);
    expect(subsidyBudgetSchema.parse({ ...base, charges: {}, produits: {} }).charges).toEqual({ comptes: {}, charges_fixes: {} });
  });
});

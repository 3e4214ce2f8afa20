// Budgets of a dossier or a project, per year (docs/domain.md « Dossiers de subvention »): charges
// are the accounts 60-69 plus the fixed-cost lines, produits the accounts 70-79 plus three
// own-resource values, contributions the voluntary contributions 86 (uses) and 87 (in kind).
// Excess and shortfall are never below zero. Amounts are whole euros, as in the association file.
import { z } from 'zod';
import { balanceBudget, CHARGE_ACCOUNTS, PRODUCT_ACCOUNTS, type BudgetTotals } from '../budget-balance.ts';
import { MAX_AMOUNT } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

/** Indirect costs charged to the action (Cerfa 12156): our names for the fixed-cost lines. */
export const FIXED_COST_LINES = ['charges_fixes_fonctionnement', 'frais_financiers', 'autres_charges'] as const;
/** Own resources allocated to the action: our names for the spec's three values. */
export const OWN_RESOURCE_LINES = ['fonds_propres', 'cotisations_dons', 'autres_ressources'] as const;

const amount = (label: string) =>
  z.number({ error: MESSAGES.badFormat(label) }).int(MESSAGES.badFormat(label)).min(0, MESSAGES.badFormat(label)).max(MAX_AMOUNT, MESSAGES.badFormat(label));
const lines = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, amount(label(key)).optional()])) as Record<K, z.ZodOptional<z.ZodNumber>>);

export const budgetChargesSchema = z.strictObject({
  comptes: lines(CHARGE_ACCOUNTS, (a) => `compte ${a}`).default({}),
  charges_fixes: lines(FIXED_COST_LINES, (k) => k.replace(/_/g, ' ')).default({}),
});
export const budgetProduitsSchema = z.strictObject({
  comptes: lines(PRODUCT_ACCOUNTS, (a) => `compte ${a}`).default({}),
  ressources_propres: lines(OWN_RESOURCE_LINES, (k) => k.replace(/_/g, ' ')).default({}),
});
export const budgetContributionsSchema = lines(['86', '87'] as const, (a) => `compte ${a}`);

export type BudgetCharges = z.input<typeof budgetChargesSchema>;
export type BudgetProduits = z.input<typeof budgetProduitsSchema>;
export type BudgetContributions = z.infer<typeof budgetContributionsSchema>;

export interface SubsidyBudgetLines {
  charges?: BudgetCharges;
  produits?: BudgetProduits;
  contributions?: BudgetContributions;
}

/** The same balance as the association's budget (budget-balance.ts). */
export type SubsidyBudgetTotals = BudgetTotals;

const sum = (values: Readonly<Record<string, number | undefined>> | undefined) =>
  Object.values(values ?? {}).reduce<number>((total, value) => total + (value ?? 0), 0);

export function computeSubsidyBudgetTotals(budget: SubsidyBudgetLines): SubsidyBudgetTotals {
  return balanceBudget({
    charges: sum(budget.charges?.comptes) + sum(budget.charges?.charges_fixes),
    produits: sum(budget.produits?.comptes) + sum(budget.produits?.ressources_propres),
    contributions_charges: budget.contributions?.['86'] ?? 0,
    contributions_produits: budget.contributions?.['87'] ?? 0,
  });
}

export const subsidyBudgetSchema = z.object({
  annee: z.number().int(),
  exerciceDu: z.string().nullable(),
  exerciceAu: z.string().nullable(),
  charges: budgetChargesSchema,
  produits: budgetProduitsSchema,
  contributions: budgetContributionsSchema,
});
export type SubsidyBudget = z.infer<typeof subsidyBudgetSchema>;

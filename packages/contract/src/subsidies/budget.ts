// Budgets of a dossier or a project, per year (docs/domain.md « Dossiers de subvention »): charges
// are the accounts 60-69 plus the fixed-cost lines, produits the accounts 70-79 plus three
// own-resource values, contributions the voluntary contributions 86 (uses) and 87 (in kind).
// Excess and shortfall are never below zero. Amounts are whole euros, as in the association file.
import { z } from 'zod';
import { MAX_AMOUNT } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

export const PROJECT_CHARGE_ACCOUNTS = ['60', '61', '62', '63', '64', '65', '66', '67', '68', '69'] as const;
export const PROJECT_PRODUCT_ACCOUNTS = ['70', '71', '72', '73', '74', '75', '76', '77', '78', '79'] as const;
/** Indirect costs charged to the action (Cerfa 12156): our names for the fixed-cost lines. */
export const FIXED_COST_LINES = ['charges_fixes_fonctionnement', 'frais_financiers', 'autres_charges'] as const;
/** Own resources allocated to the action: our names for the spec's three values. */
export const OWN_RESOURCE_LINES = ['fonds_propres', 'cotisations_dons', 'autres_ressources'] as const;

const amount = (label: string) =>
  z.number({ error: MESSAGES.badFormat(label) }).int(MESSAGES.badFormat(label)).min(0, MESSAGES.badFormat(label)).max(MAX_AMOUNT, MESSAGES.badFormat(label));
const lines = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, amount(label(key)).optional()])) as Record<K, z.ZodOptional<z.ZodNumber>>);

export const budgetChargesSchema = z.strictObject({
  comptes: lines(PROJECT_CHARGE_ACCOUNTS, (a) => `compte ${a}`).default({}),
  charges_fixes: lines(FIXED_COST_LINES, (k) => k.replace(/_/g, ' ')).default({}),
});
export const budgetProduitsSchema = z.strictObject({
  comptes: lines(PROJECT_PRODUCT_ACCOUNTS, (a) => `compte ${a}`).default({}),
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

export interface SubsidyBudgetTotals {
  charges: number;
  produits: number;
  contributions_charges: number;
  contributions_produits: number;
  total_charges: number;
  total_produits: number;
  /** total_produits − total_charges when positive, else 0. */
  excedent: number;
  /** total_charges − total_produits when positive, else 0. */
  insuffisance: number;
}

const sum = (values: Readonly<Record<string, number | undefined>> | undefined) =>
  Object.values(values ?? {}).reduce<number>((total, value) => total + (value ?? 0), 0);

export function computeSubsidyBudgetTotals(budget: SubsidyBudgetLines): SubsidyBudgetTotals {
  const charges = sum(budget.charges?.comptes) + sum(budget.charges?.charges_fixes);
  const produits = sum(budget.produits?.comptes) + sum(budget.produits?.ressources_propres);
  const contributions_charges = budget.contributions?.['86'] ?? 0;
  const contributions_produits = budget.contributions?.['87'] ?? 0;
  const total_charges = charges + contributions_charges;
  const total_produits = produits + contributions_produits;
  return {
    charges,
    produits,
    contributions_charges,
    contributions_produits,
    total_charges,
    total_produits,
    excedent: Math.max(0, total_produits - total_charges),
    insuffisance: Math.max(0, total_charges - total_produits),
  };
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

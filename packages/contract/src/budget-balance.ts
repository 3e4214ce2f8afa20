// The balance of a budget, whatever holds it (the association's yearly budget, a subsidy project's
// or dossier's budget): charges and products with the voluntary contributions 86 (uses) and 87 (in
// kind), their totals, and the excess or the shortfall, never below zero (one of the two is 0).

/** The chart of accounts' charge (60-69) and product (70-79) classes. */
export const CHARGE_ACCOUNTS = ['60', '61', '62', '63', '64', '65', '66', '67', '68', '69'] as const;
export const PRODUCT_ACCOUNTS = ['70', '71', '72', '73', '74', '75', '76', '77', '78', '79'] as const;

/** The accounts' names in the associations' chart of accounts, as the forms show them. */
export const BUDGET_ACCOUNT_LABELS: Record<(typeof CHARGE_ACCOUNTS)[number] | (typeof PRODUCT_ACCOUNTS)[number] | '86' | '87', string> = {
  '60': 'Achats',
  '61': 'Services extérieurs',
  '62': 'Autres services extérieurs',
  '63': 'Impôts et taxes',
  '64': 'Charges de personnel',
  '65': 'Autres charges de gestion courante',
  '66': 'Charges financières',
  '67': 'Charges exceptionnelles',
  '68': 'Dotations aux amortissements, provisions et engagements',
  '69': 'Impôts sur les bénéfices',
  '70': 'Ventes de produits finis, prestations de services, marchandises',
  '71': 'Production stockée',
  '72': 'Production immobilisée',
  '73': 'Dotations et produits de tarification',
  '74': 'Subventions d’exploitation',
  '75': 'Autres produits de gestion courante',
  '76': 'Produits financiers',
  '77': 'Produits exceptionnels',
  '78': 'Reprises sur amortissements et provisions',
  '79': 'Transferts de charges',
  '86': 'Emplois des contributions volontaires en nature',
  '87': 'Contributions volontaires en nature',
};

export interface BudgetTotals {
  /** Charges before the contributions (accounts 60-69, plus what the budget adds to them). */
  charges: number;
  /** Products before the contributions (accounts 70-79, plus what the budget adds to them). */
  produits: number;
  /** 86 (emplois des contributions volontaires) and 87 (contributions volontaires en nature). */
  contributions_charges: number;
  contributions_produits: number;
  total_charges: number;
  total_produits: number;
  /** total_produits − total_charges when positive, else 0. */
  excedent: number;
  /** total_charges − total_produits when positive, else 0. */
  insuffisance: number;
}

export function balanceBudget(parts: Pick<BudgetTotals, 'charges' | 'produits' | 'contributions_charges' | 'contributions_produits'>): BudgetTotals {
  const total_charges = parts.charges + parts.contributions_charges;
  const total_produits = parts.produits + parts.contributions_produits;
  return {
    ...parts,
    total_charges,
    total_produits,
    excedent: Math.max(0, total_produits - total_charges),
    insuffisance: Math.max(0, total_charges - total_produits),
  };
}

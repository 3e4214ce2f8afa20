// The realised against planned budget of a financial report (Cerfa 15059 « prévision / réalisation »)
// as rows: one per budget line of the Cerfa, its planned amount (cloned from the dossier) and its
// realised one, for the table (the accessible source) and the chart drawn from it.
import {
  CHARGE_ACCOUNTS,
  FIXED_COST_LINES,
  OWN_RESOURCE_LINES,
  PRODUCT_ACCOUNTS,
  type CrfBudgetLines,
} from '@portail/contract';
import { LINE_LABELS, setLine } from '../budget-table.tsx';

export type BudgetSection = 'charges.comptes' | 'charges.charges_fixes' | 'produits.comptes' | 'produits.ressources_propres' | 'contributions';

export interface ComparisonRow {
  section: BudgetSection;
  key: string;
  label: string;
  prevu: number;
  realise: number | undefined;
}

export interface ComparisonGroup {
  title: 'Charges' | 'Produits' | 'Contributions volontaires';
  rows: ComparisonRow[];
}

function read(budget: CrfBudgetLines, section: BudgetSection, key: string): number | undefined {
  if (section === 'contributions') return (budget.contributions as Record<string, number | undefined> | undefined)?.[key];
  const [part, group] = section.split('.') as ['charges' | 'produits', string];
  return (budget[part] as Record<string, Record<string, number | undefined> | undefined> | undefined)?.[group]?.[key];
}

const lineLabel = (key: string) => (/^\d+$/.test(key) ? `${key} – ${LINE_LABELS[key] ?? key}` : (LINE_LABELS[key] ?? key));

/** Every line of the Cerfa, grouped as the table shows them. */
export function comparisonGroups(prevu: CrfBudgetLines, realise: CrfBudgetLines): ComparisonGroup[] {
  const row = (section: BudgetSection, key: string): ComparisonRow => ({
    section,
    key,
    label: lineLabel(key),
    prevu: read(prevu, section, key) ?? 0,
    realise: read(realise, section, key),
  });
  return [
    { title: 'Charges', rows: [...CHARGE_ACCOUNTS.map((k) => row('charges.comptes', k)), ...FIXED_COST_LINES.map((k) => row('charges.charges_fixes', k))] },
    { title: 'Produits', rows: [...PRODUCT_ACCOUNTS.map((k) => row('produits.comptes', k)), ...OWN_RESOURCE_LINES.map((k) => row('produits.ressources_propres', k))] },
    { title: 'Contributions volontaires', rows: [row('contributions', '86'), row('contributions', '87')] },
  ];
}

/** The lines the chart draws: those with a planned or a realised amount (a chart of zeros says nothing). */
export function chartedRows(groups: readonly ComparisonGroup[]): ComparisonRow[] {
  return groups.flatMap((g) => g.rows).filter((r) => r.prevu > 0 || (r.realise ?? 0) > 0);
}

/** The realised lines with one line changed (an empty input removes it). */
export function setRealised(realise: CrfBudgetLines, section: BudgetSection, key: string, value: number | undefined): CrfBudgetLines {
  return setLine(realise as Parameters<typeof setLine>[0], section, key, value) as CrfBudgetLines;
}

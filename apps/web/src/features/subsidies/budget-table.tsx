// A project's budget for one year (Cerfa 12156 reading of the contract, budget.ts): charges 60-69
// and the fixed-cost lines, products 70-79 and the own resources, voluntary contributions 86/87.
// Totals, excess and shortfall are recomputed on every keystroke by computeSubsidyBudgetTotals, the
// rule the server applies. Whole euros.
import {
  BUDGET_ACCOUNT_LABELS,
  computeSubsidyBudgetTotals,
  FIXED_COST_LINES,
  OWN_RESOURCE_LINES,
  CHARGE_ACCOUNTS,
  PRODUCT_ACCOUNTS,
  type SubsidyBudgetLines,
} from '@portail/contract';
import { formatEuros } from './format.ts';
import { WholeEurosInput } from './whole-euros-input.tsx';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';

/** The accounts' names from the contract, and our names of the Cerfa's fixed-cost and own-resource lines. */
export const LINE_LABELS: Record<string, string> = {
  ...BUDGET_ACCOUNT_LABELS,
  charges_fixes_fonctionnement: 'Charges fixes de fonctionnement',
  frais_financiers: 'Frais financiers',
  autres_charges: 'Autres charges',
  fonds_propres: 'Fonds propres',
  cotisations_dons: 'Cotisations et dons',
  autres_ressources: 'Autres ressources',
};

type Section = 'charges.comptes' | 'charges.charges_fixes' | 'produits.comptes' | 'produits.ressources_propres' | 'contributions';

function read(budget: SubsidyBudgetLines, section: Section, key: string): number | undefined {
  if (section === 'contributions') return budget.contributions?.[key as '86' | '87'];
  const [part, group] = section.split('.') as ['charges' | 'produits', string];
  return (budget[part] as Record<string, Record<string, number | undefined> | undefined> | undefined)?.[group]?.[key];
}

/** The budget with one line changed (an empty input removes the line). */
export function setLine<B extends SubsidyBudgetLines>(budget: B, section: Section, key: string, value: number | undefined): B {
  const put = (lines: Record<string, number | undefined> | undefined) => {
    const next = { ...lines };
    if (value === undefined) delete next[key];
    else next[key] = value;
    return next;
  };
  if (section === 'contributions') return { ...budget, contributions: put(budget.contributions) };
  const [part, group] = section.split('.') as ['charges' | 'produits', string];
  const current = (budget[part] ?? {}) as Record<string, Record<string, number | undefined> | undefined>;
  return { ...budget, [part]: { ...current, [group]: put(current[group]) } };
}

interface BudgetTableProps<B extends SubsidyBudgetLines> {
  annee: number;
  budget: B;
  readOnly?: boolean;
  onChange: (budget: B) => void;
  /** Prefix of the inputs' ids (one table per project and year). */
  idPrefix: string;
  /** What the budget is of, in the caption (« du projet » unless said). */
  of?: string;
}

export function BudgetTable<B extends SubsidyBudgetLines>({ annee, budget, readOnly, onChange, idPrefix, of = 'du projet' }: BudgetTableProps<B>) {
  const totals = computeSubsidyBudgetTotals(budget);
  const row = (section: Section, key: string) => {
    const id = `${idPrefix}-${section.replace('.', '-')}-${key}`;
    const value = read(budget, section, key);
    const label = /^\d+$/.test(key) ? `${key} – ${LINE_LABELS[key] ?? key}` : (LINE_LABELS[key] ?? key);
    return (
      <tr key={`${section}-${key}`}>
        <th scope="row">
          <label htmlFor={id}>{label}</label>
        </th>
        <td>
          {readOnly ? (
            <span id={id}>{formatEuros(value ?? 0)}</span>
          ) : (
            <WholeEurosInput id={id} value={value} onChange={(parsed) => onChange(setLine(budget, section, key, parsed))} />
          )}
        </td>
      </tr>
    );
  };
  const totalRow = (label: string, amount: number, testId: string) => (
    <tr>
      <th scope="row">
        <strong>{label}</strong>
      </th>
      <td data-testid={`${idPrefix}-${testId}`}>
        <strong>{formatEuros(amount)}</strong>
      </td>
    </tr>
  );
  return (
    <ScrollableTable label={`Budget prévisionnel ${of} – ${annee}`} bordered>
      <table>
        <caption>
          Budget prévisionnel {of} – {annee}
        </caption>
        <thead>
          <tr>
            <th scope="col">Ligne</th>
            <th scope="col">Montant (€)</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="rowgroup" colSpan={2}>
              Charges
            </th>
          </tr>
          {CHARGE_ACCOUNTS.map((a) => row('charges.comptes', a))}
          {FIXED_COST_LINES.map((k) => row('charges.charges_fixes', k))}
          {totalRow('Total des charges', totals.charges, 'charges')}
          <tr>
            <th scope="rowgroup" colSpan={2}>
              Produits
            </th>
          </tr>
          {PRODUCT_ACCOUNTS.map((a) => row('produits.comptes', a))}
          {OWN_RESOURCE_LINES.map((k) => row('produits.ressources_propres', k))}
          {totalRow('Total des produits', totals.produits, 'produits')}
          <tr>
            <th scope="rowgroup" colSpan={2}>
              Contributions volontaires
            </th>
          </tr>
          {row('contributions', '86')}
          {row('contributions', '87')}
          {totalRow('Total général des charges', totals.total_charges, 'total-charges')}
          {totalRow('Total général des produits', totals.total_produits, 'total-produits')}
          {totalRow('Excédent', totals.excedent, 'excedent')}
          {totalRow('Insuffisance', totals.insuffisance, 'insuffisance')}
        </tbody>
      </table>
    </ScrollableTable>
  );
}

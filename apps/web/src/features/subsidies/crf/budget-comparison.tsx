// The report's budget, planned against realised, one part of the Cerfa at a time (charges,
// products, voluntary contributions): the table (the accessible source, with the realised inputs
// while the report is editable) and beside it the chart drawn from the same rows. Whole euros.
import { fr } from '@codegouvfr/react-dsfr';
import type { CrfBudgetLines } from '@portail/contract';
import { WholeEurosInput } from '../whole-euros-input.tsx';
import { formatEuros } from '../format.ts';
import { chartedRows, comparisonGroups, setRealised, type ComparisonGroup } from './crf-budget.ts';
import { PlannedRealisedChart } from './planned-realised-chart.tsx';
import { ScrollableTable } from '../../../lib/ui/scrollable-table.tsx';

interface BudgetComparisonProps {
  exercice: number;
  prevu: CrfBudgetLines;
  realise: CrfBudgetLines;
  /** Absent: read only. */
  onChange?: ((realise: CrfBudgetLines) => void) | undefined;
}

const sum = (values: readonly (number | undefined)[]) => values.reduce<number>((t, v) => t + (v ?? 0), 0);

export function BudgetComparison({ exercice, prevu, realise, onChange }: BudgetComparisonProps) {
  const groups = comparisonGroups(prevu, realise);
  return (
    <>
      {groups.map((group) => (
        <ComparisonPart key={group.title} group={group} exercice={exercice} realise={realise} onChange={onChange} />
      ))}
    </>
  );
}

function ComparisonPart({ group, exercice, realise, onChange }: { group: ComparisonGroup; exercice: number; realise: CrfBudgetLines; onChange: BudgetComparisonProps['onChange'] }) {
  const charted = chartedRows([group]);
  // Read only, the lines neither planned nor realised say nothing.
  const rows = onChange ? group.rows : charted;
  const caption = `${group.title} : prévu et réalisé – exercice ${exercice}`;
  return (
    <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mb-3w')}>
      <div className={fr.cx('fr-col-12', 'fr-col-lg-6')}>
        <ScrollableTable label={caption} bordered className={fr.cx('fr-mb-0')}>
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Ligne</th>
                <th scope="col">Prévu (€)</th>
                <th scope="col">Réalisé (€)</th>
                <th scope="col">Écart (€)</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={4}>Aucune ligne prévue ni réalisée.</td>
                </tr>
              )}
              {rows.map((r) => {
                const id = `crf-budget-${r.section.replace('.', '-')}-${r.key}`;
                return (
                  <tr key={id}>
                    <th scope="row">{onChange ? <label htmlFor={id}>{r.label}</label> : r.label}</th>
                    <td>{formatEuros(r.prevu)}</td>
                    <td>
                      {onChange ? (
                        <WholeEurosInput id={id} ariaLabel={`${r.label} – réalisé (€)`} value={r.realise} onChange={(value) => onChange(setRealised(realise, r.section, r.key, value))} />
                      ) : (
                        formatEuros(r.realise ?? null)
                      )}
                    </td>
                    <td>{r.realise === undefined ? '—' : formatEuros(r.realise - r.prevu)}</td>
                  </tr>
                );
              })}
              <tr>
                <th scope="row">
                  <strong>Total</strong>
                </th>
                <td>
                  <strong>{formatEuros(sum(group.rows.map((r) => r.prevu)))}</strong>
                </td>
                <td>
                  <strong>{formatEuros(sum(group.rows.map((r) => r.realise)))}</strong>
                </td>
                <td>
                  <strong>{formatEuros(sum(group.rows.map((r) => r.realise)) - sum(group.rows.map((r) => r.prevu)))}</strong>
                </td>
              </tr>
            </tbody>
          </table>
        </ScrollableTable>
      </div>
      <div className={fr.cx('fr-col-12', 'fr-col-lg-6')}>
        <PlannedRealisedChart title={`Graphique : ${caption}`} rows={charted} />
      </div>
    </div>
  );
}

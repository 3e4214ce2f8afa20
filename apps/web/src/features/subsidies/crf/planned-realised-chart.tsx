// The planned against realised chart of a report's budget lines: an SVG bar chart (role img, its
// title and description) drawn from the rows of the table shown beside it, which stays the
// accessible source. Planned bars are hatched and outlined, realised ones solid, and every bar
// carries its value in words (« prévu 1 200 € »): nothing is told by colour alone. Sized by its
// viewBox in rem-based width, so that its text grows with the page's zoom.
import { useId } from 'react';
import { formatEuros } from '../format.ts';
import type { ComparisonRow } from './crf-budget.ts';

const WIDTH = 640;
const BAR_AREA = 400;
const BAR = 18;
const LABEL = 24;
const ROW = LABEL + 2 * BAR + 4 + 18;
const COLOUR = '#000091';

interface PlannedRealisedChartProps {
  title: string;
  rows: readonly ComparisonRow[];
}

/** How the chart reads in a sentence (its description; the table holds each figure). */
export function chartDescription(rows: readonly ComparisonRow[]): string {
  const above = rows.filter((r) => (r.realise ?? 0) > r.prevu).length;
  const below = rows.filter((r) => (r.realise ?? 0) < r.prevu).length;
  return `Barres horizontales, deux par ligne budgétaire : le prévu (hachuré) puis le réalisé (plein). ${rows.length} ligne(s) : ${above} au-dessus du prévu, ${below} en dessous. Les montants sont dans le tableau voisin.`;
}

export function PlannedRealisedChart({ title, rows }: PlannedRealisedChartProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const max = Math.max(1, ...rows.flatMap((r) => [r.prevu, r.realise ?? 0]));
  const length = (value: number) => Math.max(value > 0 ? 2 : 0, (value / max) * BAR_AREA);
  const height = Math.max(1, rows.length) * ROW + 8;
  return (
    <figure className="crf-chart" data-testid="crf-chart">
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" style={{ maxWidth: '40rem', height: 'auto' }}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{chartDescription(rows)}</desc>
        <defs>
          <pattern id={`${id}-hatch`} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#ffffff" />
            <line x1="0" y1="0" x2="0" y2="6" stroke={COLOUR} strokeWidth="2" />
          </pattern>
        </defs>
        {rows.length === 0 && (
          <text x="0" y="20" fontSize="17" fill="#161616">
            Aucune ligne budgétaire renseignée.
          </text>
        )}
        {rows.map((r, i) => {
          const y = i * ROW + 4;
          const realise = r.realise ?? 0;
          return (
            <g key={`${r.section}-${r.key}`}>
              <text x="0" y={y + 18} fontSize="17" fontWeight="bold" fill="#161616">
                {r.label}
              </text>
              <rect x="0" y={y + LABEL} width={length(r.prevu)} height={BAR} fill={`url(#${id}-hatch)`} stroke={COLOUR} strokeWidth="1.5" />
              <text x={length(r.prevu) + 8} y={y + LABEL + 14} fontSize="16" fill="#161616">
                prévu {formatEuros(r.prevu)}
              </text>
              <rect x="0" y={y + LABEL + BAR + 4} width={length(realise)} height={BAR} fill={COLOUR} />
              <text x={length(realise) + 8} y={y + LABEL + BAR + 4 + 14} fontSize="16" fill="#161616">
                réalisé {r.realise === undefined ? 'non renseigné' : formatEuros(realise)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="crf-chart__legend">
        <span>
          <svg aria-hidden="true" width="24" height="14" viewBox="0 0 24 14">
            <pattern id={`${id}-hatch-legend`} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#ffffff" />
              <line x1="0" y1="0" x2="0" y2="6" stroke={COLOUR} strokeWidth="2" />
            </pattern>
            <rect x="1" y="1" width="22" height="12" fill={`url(#${id}-hatch-legend)`} stroke={COLOUR} strokeWidth="1.5" />
          </svg>{' '}
          Prévu (barre hachurée)
        </span>{' '}
        <span>
          <svg aria-hidden="true" width="24" height="14" viewBox="0 0 24 14">
            <rect x="1" y="1" width="22" height="12" fill={COLOUR} />
          </svg>{' '}
          Réalisé (barre pleine)
        </span>
      </figcaption>
    </figure>
  );
}

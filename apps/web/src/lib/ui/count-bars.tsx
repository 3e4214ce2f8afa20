// Counts drawn as horizontal bars: a list whose every row says its label and its figure in text (a
// screen reader reads « Transmis au service instructeur, 2 »), the bar beside it only shows the
// proportion to the eye, so nothing is told by the drawing alone. Its width is a share of the row,
// so the chart holds at 320 px and at 200 % zoom.
import { fr } from '@codegouvfr/react-dsfr';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface CountRow {
  key: string;
  label: string;
  count: number;
  /** Where the row's label leads (the list narrowed to it). */
  to?: string;
}

export function CountBars({ title, rows, empty }: { title: ReactNode; rows: readonly CountRow[]; empty: string }) {
  const shown = rows.filter((r) => r.count > 0);
  const max = Math.max(1, ...shown.map((r) => r.count));
  const captionId = useId();
  return (
    <figure className="count-bars" aria-labelledby={captionId}>
      <figcaption id={captionId} className={fr.cx('fr-text--bold', 'fr-mb-1w')}>
        {title}
      </figcaption>
      {shown.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="count-bars__rows">
          {shown.map((row) => (
            <li key={row.key} className="count-bars__row">
              <span className="count-bars__label">{row.to ? <Link to={row.to}>{row.label}</Link> : row.label}</span>
              <span className="count-bars__track" aria-hidden="true">
                <span className="count-bars__bar" style={{ width: `${(row.count / max) * 100}%` }} />
              </span>
              <span className="count-bars__value">
                <span className={fr.cx('fr-sr-only')}>, </span>
                {row.count}
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

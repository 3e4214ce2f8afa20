// A DSFR table whose container scrolls sideways when it is wider than the screen (320 px): the
// container is a labelled, focusable region so a keyboard user can scroll it (axe
// `scrollable-region-focusable`). `multiline`: the cells wrap their text (the DSFR keeps each cell on
// one line by default): for free text (answers, comments, addresses), which would otherwise stretch
// the table far past the screen and be read by scrolling sideways.
import { fr } from '@codegouvfr/react-dsfr';
import type { ReactNode } from 'react';

export interface ScrollableTableProps {
  /** The region's name, read when the keyboard reaches it: the table's caption, mostly. */
  label: string;
  bordered?: boolean;
  noCaption?: boolean;
  multiline?: boolean;
  className?: string;
  children: ReactNode;
}

export function ScrollableTable({ label, bordered = false, noCaption = false, multiline = false, className, children }: ScrollableTableProps) {
  return (
    <div className={[fr.cx('fr-table', bordered && 'fr-table--bordered', noCaption && 'fr-table--no-caption', multiline && 'fr-table--multiline'), className].filter(Boolean).join(' ')}>
      <div className={fr.cx('fr-table__wrapper')}>
        {/* Positioned: what a cell places out of the flow (a button's fr-sr-only words) scrolls with it instead of widening the page. */}
        <div className={fr.cx('fr-table__container')} tabIndex={0} role="region" aria-label={label} style={{ position: 'relative' }}>
          <div className={fr.cx('fr-table__content')}>{children}</div>
        </div>
      </div>
    </div>
  );
}

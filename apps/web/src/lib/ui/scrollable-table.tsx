// A DSFR table whose container scrolls sideways when it is wider than the screen (320 px): the
// container is a labelled, focusable region so a keyboard user can scroll it (axe
// `scrollable-region-focusable`).
import { fr } from '@codegouvfr/react-dsfr';
import type { ReactNode } from 'react';

export function ScrollableTable({ label, bordered = false, noCaption = false, children }: { label: string; bordered?: boolean; noCaption?: boolean; children: ReactNode }) {
  return (
    <div className={fr.cx('fr-table', bordered && 'fr-table--bordered', noCaption && 'fr-table--no-caption')}>
      <div className={fr.cx('fr-table__wrapper')}>
        {/* Positioned: what a cell places out of the flow (a button's fr-sr-only words) scrolls with it instead of widening the page. */}
        <div className={fr.cx('fr-table__container')} tabIndex={0} role="region" aria-label={label} style={{ position: 'relative' }}>
          <div className={fr.cx('fr-table__content')}>{children}</div>
        </div>
      </div>
    </div>
  );
}

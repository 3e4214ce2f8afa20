// The red asterisk of a required item (spec §5), with its meaning for screen readers.
import { fr } from '@codegouvfr/react-dsfr';

export function RequiredMark() {
  return (
    <>
      {' '}
      <span aria-hidden="true" style={{ color: 'var(--text-default-error)' }}>
        *
      </span>
      <span className={fr.cx('fr-sr-only')}>(obligatoire)</span>
    </>
  );
}

export function RequiredLegend() {
  return (
    <p className={fr.cx('fr-text--sm')}>
      Les éléments marqués d’un astérisque <span style={{ color: 'var(--text-default-error)' }}>*</span> sont obligatoires.
    </p>
  );
}

// The association being joined, as a reminder above each step.
import { fr } from '@codegouvfr/react-dsfr';
import { formatSiren, type AssociationLight } from '@portail/contract';

export function AssociationSummary({ association }: { association: AssociationLight }) {
  const ids = [
    association.id_rna && `RNA ${association.id_rna}`,
    association.id_siren && `SIREN ${formatSiren(association.id_siren)}`,
  ].filter(Boolean);
  return (
    <div className={fr.cx('fr-callout', 'fr-mb-4w')}>
      <h2 className={fr.cx('fr-callout__title', 'fr-h5')}>
        {association.nom}
        {association.sigle && ` (${association.sigle})`}
      </h2>
      {ids.length > 0 && <p className={fr.cx('fr-callout__text', 'fr-text--md')}>{ids.join(' · ')}</p>}
    </div>
  );
}

// A creation or a change refused because the dossier already exists (DOSSIER_EXISTS: same campaign,
// SIRET and year): the refusal names the existing dossier (its details), linked here by its number.
import { fr } from '@codegouvfr/react-dsfr';
import { Link } from 'react-router-dom';
import { isApiError } from '../../lib/api/index.ts';
import { dossierPath } from './paths.ts';

export function ExistingDossierLink({ refusal }: { refusal: unknown }) {
  const id = isApiError(refusal) ? refusal.details?.id_dossier : undefined;
  if (!id) return null;
  const idFo = isApiError(refusal) ? refusal.details?.id_fo : undefined;
  return (
    <p className={fr.cx('fr-mb-3w')}>
      <Link className={fr.cx('fr-link', 'fr-icon-arrow-right-line', 'fr-link--icon-right')} to={dossierPath({ id, siret: null })}>
        {idFo ? `Ouvrir le dossier existant n° ${idFo}` : 'Ouvrir le dossier existant'}
      </Link>
    </p>
  );
}

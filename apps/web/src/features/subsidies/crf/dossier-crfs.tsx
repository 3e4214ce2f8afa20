// The financial reports a granted dossier owes, on the association's dossier page: one per
// exercise, with its state when started (the dossier's `crfs`) and the link that opens it, or that
// starts it (POST …/crf creates it from the dossier's data).
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import type { DossierView } from '@portail/contract';
import { Link } from 'react-router-dom';
import { crfOpenPath, crfPath, crfStateLabel, crfStateSeverity, dossierExercises } from './crf-states.ts';

export function DossierCrfs({ dossier }: { dossier: DossierView }) {
  const started = new Map(dossier.crfs.map((c) => [c.exercice, c]));
  const idSiret = dossier.demandeur.id_siret;
  return (
    <>
      <h3 className={fr.cx('fr-h6', 'fr-mb-1w')}>Comptes rendus financiers</h3>
      <ul className={fr.cx('fr-raw-list', 'fr-mb-3w')}>
        {dossierExercises(dossier.description).map((exercice) => {
          const crf = started.get(exercice);
          return (
            <li key={exercice} className={fr.cx('fr-mb-1w')}>
              {crf ? (
                <>
                  <Link to={crfPath(idSiret, dossier.id, crf.id)}>Compte rendu financier {exercice}</Link>{' '}
                  <Badge severity={crfStateSeverity(crf.etat)} small noIcon>
                    {crfStateLabel(crf.etat)}
                  </Badge>
                </>
              ) : (
                <>
                  <Link to={crfOpenPath(idSiret, dossier.id, exercice)}>Commencer le compte rendu financier {exercice}</Link>{' '}
                  <Badge severity="new" small noIcon>
                    Pas encore commencé
                  </Badge>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

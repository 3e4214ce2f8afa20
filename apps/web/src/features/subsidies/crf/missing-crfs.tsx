// The member's reminder of the financial reports still owed (GET /demande/missing-crf: granted
// dossiers, a finished exercise, no report transmitted), each linking to its report — the one
// started, or the exercise's to create. Shown on the dashboard; nothing when none is owed.
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { crfRoutes } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callApi } from '../../../lib/api/index.ts';
import { crfOpenPath, crfPath, crfStateLabel, crfStateSeverity } from './crf-states.ts';

export function MissingCrfs() {
  const missing = useQuery({ queryKey: ['missing-crf'], queryFn: () => callApi(crfRoutes.missingCrf, { query: {} }), retry: false });
  if (!missing.data || missing.data.length === 0) return null;
  return (
    <section aria-labelledby="crf-manquants" className={fr.cx('fr-mb-4w')}>
      <h2 id="crf-manquants" className={fr.cx('fr-h4')}>
        Comptes rendus financiers à transmettre
      </h2>
      <div className={fr.cx('fr-callout')}>
        <ul className={fr.cx('fr-callout__text')}>
          {missing.data.map((m) => (
            <li key={`${m.id_dossier}-${m.exercice}`} className={fr.cx('fr-mb-1w')}>
              <Link to={m.id_crf ? crfPath(null, m.id_dossier, m.id_crf) : crfOpenPath(null, m.id_dossier, m.exercice)}>
                Dossier n° {m.id_fo}
                {m.nom ? ` – ${m.nom}` : ''}, exercice {m.exercice}
              </Link>{' '}
              {m.etat ? (
                <Badge severity={crfStateSeverity(m.etat)} small noIcon>
                  {crfStateLabel(m.etat)}
                </Badge>
              ) : (
                <Badge severity="new" small noIcon>
                  Non commencé
                </Badge>
              )}
              <br />
              {m.message}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

// The caller's unread dossier messages (GET …/dossiers/messages/non-lus, bound by the server to the
// dossiers they read): the total, a link to each dossier concerned (most unread first) and one to
// the list that shows them. Shown on the dashboard, by a member as by an instructing agent; each
// side says where a dossier and the list open.
import { fr } from '@codegouvfr/react-dsfr';
import { dossierRoutes } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { UNREAD_MESSAGES_KEY, unreadLabel } from './unread.ts';

export interface UnreadMessagesProps {
  /** The page of one dossier, for this side. */
  dossierPath: (id: string) => string;
  /** The list of the dossiers concerned, for this side. */
  list: { to: string; label: string };
}

export function UnreadDossierMessages({ dossierPath, list }: UnreadMessagesProps) {
  const unread = useQuery({ queryKey: UNREAD_MESSAGES_KEY, queryFn: () => callApi(dossierRoutes.unreadDossierMessages), retry: false });
  if (!unread.data) return null;
  const { total, dossiers } = unread.data;
  return (
    <section aria-labelledby="messages-non-lus" className={fr.cx('fr-mb-4w')}>
      <h2 id="messages-non-lus" className={fr.cx('fr-h4')}>
        Messages des dossiers
      </h2>
      {total === 0 ? (
        <p>Aucun message non lu dans vos dossiers.</p>
      ) : (
        <div className={fr.cx('fr-callout')}>
          <p className={fr.cx('fr-callout__text')}>
            Vous avez <strong>{unreadLabel(total)}</strong> dans vos dossiers.
          </p>
          <ul>
            {dossiers.map((d) => (
              <li key={d.id}>
                <Link to={dossierPath(d.id)}>
                  Dossier n° {d.id_fo}
                  {d.nom ? ` – ${d.nom}` : ''}
                </Link>{' '}
                ({unreadLabel(d.messages_non_lus)})
              </li>
            ))}
          </ul>
          <p className={fr.cx('fr-mb-0')}>
            <Link to={list.to}>{list.label}</Link>
          </p>
        </div>
      )}
    </section>
  );
}

// The user's notifications about their dossiers (lca-server /notifications): the unread count,
// the latest ones with their type, author (a name, never an address), what changed (the dossier,
// its new state, the service's comment, the amount granted) and a link naming their dossier
// (RGAA 6.1), and "mark as read". The
// unread count per dossier in the list comes from the list itself (select_notifications).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, notificationRoutes, type NotificationView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/format/date.ts';
import { formatEuros } from '../../lib/format/euros.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { useDossierSide } from './dossier-side.ts';
import { openDossierPath } from './paths.ts';

export const notificationKeys = { unread: ['notifications', 'unread'] as const, list: ['notifications', 'list'] as const };

const TYPE_LABELS: Record<string, string> = {
  modification_etat_dossier: 'Changement d’état du dossier',
  modification_statut_dossier: 'Changement de statut du dossier',
  modification_siret: 'Changement de SIRET',
  modification_document: 'Document modifié',
  message: 'Nouveau message',
  modification_rib: 'RIB modifié',
  modification_service: 'Service instructeur modifié',
  modification_etat_crf: 'Changement d’état du compte rendu financier',
};

/** The dossier a notification is about (payload written by the demande module), if any. */
function dossierOf(n: NotificationView): { id: string; idFo: string | null } | null {
  const id = n.payload.dossier;
  return typeof id === 'string' ? { id, idFo: typeof n.payload.id_fo === 'string' ? n.payload.id_fo : null } : null;
}

/** The notification's own words: its first line (a message's text follows on the next lines). */
const firstLine = (n: NotificationView) => (typeof n.payload.texte === 'string' ? n.payload.texte.split('\n')[0] : null);
const text = (n: NotificationView, key: string) => (typeof n.payload[key] === 'string' && n.payload[key] !== '' ? (n.payload[key] as string) : null);

/**
 * What happened, in words: for a change of state, which dossier, its new state and the service
 * (payload written by the workflow engine), the service's comment and the amount granted when
 * there are some; otherwise the notification's own first line.
 */
function NotificationContent({ n }: { n: NotificationView }) {
  const state = text(n, 'libelle_etat');
  if (!state) return firstLine(n) ? <> – {firstLine(n)}</> : null;
  const idFo = text(n, 'id_fo');
  const campaign = text(n, 'libelle_subvention');
  const service = text(n, 'service');
  const comment = text(n, 'commentaire');
  const amount = typeof n.payload.montant_accorde === 'number' ? n.payload.montant_accorde : null;
  return (
    <>
      {' – '}
      {idFo ? `Dossier n° ${idFo}` : 'Le dossier'}
      {campaign && ` (${campaign})`} : nouvel état « {state} »{service && `, ${service}`}.
      {comment && (
        <span className={fr.cx('fr-text--sm')} style={{ display: 'block' }}>
          Commentaire du service : {comment}
        </span>
      )}
      {amount !== null && (
        <span style={{ display: 'block' }}>
          Montant accordé : <strong>{formatEuros(amount)}</strong>
        </span>
      )}
    </>
  );
}

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: () => callApi(notificationRoutes.listNotifications, { query: { limit: 50 } }), retry: false });
}

export function DossierNotifications() {
  const queryClient = useQueryClient();
  const side = useDossierSide();
  const unread = useQuery({ queryKey: notificationKeys.unread, queryFn: () => callApi(notificationRoutes.unreadNotificationCount), retry: false });
  const list = useNotifications();

  async function markRead(n: NotificationView) {
    try {
      await callApi(notificationRoutes.markNotificationRead, { params: { id: n.id } });
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  return (
    <section aria-labelledby="notifications-titre" className={fr.cx('fr-mb-4w')}>
      <h2 id="notifications-titre" className={fr.cx('fr-h4')}>
        Notifications{' '}
        {unread.data && unread.data.count > 0 && (
          <Badge severity="new" small>
            {`${unread.data.count} non lue(s)`}
          </Badge>
        )}
      </h2>
      {list.isError && <Alert severity="error" small description={errorMessage(list.error, MESSAGES.httpEmpty)} />}
      {list.data && list.data.length === 0 && <p>Aucune notification.</p>}
      {list.data && list.data.length > 0 && (
        <ul>
          {list.data.slice(0, 10).map((n) => (
            <li key={n.id} className={fr.cx('fr-mb-1w')}>
              {n.read_at ? '' : <strong>Non lue – </strong>}
              {TYPE_LABELS[n.type_libelle] ?? n.type_libelle} – {formatDate(n.created_at)}
              {text(n, 'auteur') && <>, par {text(n, 'auteur')}</>}
              <NotificationContent n={n} />
              {dossierOf(n) && (
                <>
                  {' '}
                  <Link className={fr.cx('fr-link', 'fr-ml-1w')} to={openDossierPath(side, { id: dossierOf(n)!.id, siret: null })}>
                    {dossierOf(n)!.idFo ? `Voir le dossier ${dossierOf(n)!.idFo}` : 'Voir le dossier'}
                  </Link>
                </>
              )}
              {!n.read_at && (
                <Button size="small" priority="tertiary no outline" className={fr.cx('fr-ml-1w')} onClick={() => void markRead(n)}>
                  Marquer comme lue
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The user's notifications about their dossiers (lca-server /notifications): the unread count,
// the latest ones with their type, and "mark as read". The unread count per dossier in the list
// is read from the same notifications (payload.id_dossier).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, notificationRoutes, type NotificationView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/format/date.ts';
import { toast } from '../../lib/toast/toast-store.ts';

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

/** Unread notifications per dossier id (payload.id_dossier or payload.dossierId). */
export function unreadByDossier(notifications: readonly NotificationView[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const n of notifications) {
    if (n.read_at) continue;
    const id = n.payload.id_dossier ?? n.payload.dossierId;
    if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: () => callApi(notificationRoutes.listNotifications, { query: { limit: 50 } }), retry: false });
}

export function DossierNotifications() {
  const queryClient = useQueryClient();
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

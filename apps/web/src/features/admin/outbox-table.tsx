// The portal's mail outbox (api.mail.outbox) as a DSFR table.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { api, MAIL_STATUS_LABELS, MESSAGES, type OutboxMail } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';

const SEVERITY: Record<OutboxMail['status'], 'success' | 'info' | 'error' | 'new'> = {
  SENT: 'success',
  PENDING: 'info',
  FAILED: 'error',
  STORED: 'new',
};

export function OutboxTable() {
  const outbox = useQuery({ queryKey: ['mail', 'outbox'], queryFn: () => callApi(api.mail.outbox, { query: {} }) });

  if (outbox.isPending) return <p aria-busy="true">Chargement des courriels…</p>;
  if (outbox.isError)
    return <Alert severity="error" small description={errorMessage(outbox.error, MESSAGES.httpEmpty)} />;
  if (outbox.data.items.length === 0) return <p>Aucun courriel envoyé pour le moment.</p>;

  return (
    <DataTable
      className={fr.cx('fr-mb-4w')}
      caption={`Boîte d'envoi (${outbox.data.items.length} sur ${outbox.data.total})`}
      multiline
      headers={['Destinataire', 'Objet', 'État', 'Date']}
      data={outbox.data.items.map((mail) => [
        mail.to,
        mail.subject,
        <Badge key="status" severity={SEVERITY[mail.status]} small noIcon>
          {MAIL_STATUS_LABELS[mail.status]}
        </Badge>,
        formatTimestamp(mail.sentAt ?? mail.createdAt),
      ])}
    />
  );
}

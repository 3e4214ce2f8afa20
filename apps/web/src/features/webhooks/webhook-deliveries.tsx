// The service's delivery log, newest first: each event, its address, its state, the HTTP code, the
// attempts (each with its code or error and duration) and the next try; narrowed to one address,
// read again on demand.
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, webhookRoutes, type Webhook, type WebhookDelivery } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';

const STATUS: Record<WebhookDelivery['status'], { label: string; severity: 'info' | 'success' | 'error' }> = {
  PENDING: { label: 'En attente', severity: 'info' },
  SENT: { label: 'Envoyé', severity: 'success' },
  FAILED: { label: 'En échec', severity: 'error' },
};

function attemptsText(d: WebhookDelivery): string {
  return d.attempts_log.map((a) => `essai ${a.attempt} : ${a.http_status ?? a.error ?? '—'} (${a.duration_ms} ms)`).join(' ; ');
}

export function WebhookDeliveries({ serviceId, webhooks }: { serviceId: string; webhooks: readonly Webhook[] }) {
  const [webhook, setWebhook] = useState('');
  const log = useQuery({
    queryKey: ['webhook-deliveries', serviceId, webhook],
    queryFn: () => callApi(webhookRoutes.listWebhookDeliveries, { params: { id: serviceId }, query: webhook ? { webhook } : {} }),
    retry: false,
  });
  return (
    <section aria-labelledby="webhooks-journal">
      <h2 id="webhooks-journal" className={fr.cx('fr-h5')}>
        Journal des envois
      </h2>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom', 'fr-mb-2w')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
          <div className={fr.cx('fr-select-group')}>
            <label className={fr.cx('fr-label')} htmlFor="webhook-journal-adresse">
              Adresse
            </label>
            <select id="webhook-journal-adresse" className={fr.cx('fr-select')} value={webhook} onChange={(e) => setWebhook(e.target.value)}>
              <option value="">Toutes les adresses</option>
              {webhooks.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.url}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <Button priority="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
            {log.isFetching ? 'Lecture du journal…' : 'Relire le journal'}
          </Button>
        </div>
      </div>
      {log.error ? (
        <p role="alert">{errorMessage(log.error, MESSAGES.httpEmpty)}</p>
      ) : !log.data ? (
        <p>Chargement du journal…</p>
      ) : log.data.length === 0 ? (
        <p>Aucun envoi pour le moment.</p>
      ) : (
        <ScrollableTable label="Tableau du journal des envois">
          <table>
            <caption>Envois, du plus récent ({log.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Événement</th>
                <th scope="col">Adresse</th>
                <th scope="col">État</th>
                <th scope="col">Essais</th>
                <th scope="col">Prochain essai</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((d) => (
                <tr key={d.id}>
                  <td>{formatTimestamp(d.created_at)}</td>
                  <td>{d.event}</td>
                  <td style={{ wordBreak: 'break-all' }}>{d.url}</td>
                  <td>
                    <Badge severity={STATUS[d.status].severity} small noIcon>
                      {STATUS[d.status].label}
                    </Badge>
                    {d.http_status !== null && <> (HTTP {d.http_status})</>}
                  </td>
                  <td>{d.attempts === 0 ? 'aucun' : attemptsText(d)}</td>
                  <td>{d.next_attempt_at ? formatTimestamp(d.next_attempt_at) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
    </section>
  );
}

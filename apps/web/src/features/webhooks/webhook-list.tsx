// The service's registered addresses: when each was added and its secret last replaced; replacing
// a secret (the new one shown once) or removing an address, each after its confirmation.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, webhookRoutes, type Webhook } from '@portail/contract';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import type { ShownSecret } from './webhook-forms.tsx';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';

interface WebhookListProps {
  serviceId: string;
  webhooks: readonly Webhook[];
  onSecret: (shown: ShownSecret) => void;
  onChanged: () => void;
}

type Pending = { act: 'rotate' | 'delete'; webhook: Webhook };

export function WebhookList({ serviceId, webhooks, onSecret, onChanged }: WebhookListProps) {
  const [pending, setPending] = useState<Pending | null>(null);

  async function confirm() {
    if (!pending) return;
    const params = { id: serviceId, webhookId: pending.webhook.id };
    try {
      if (pending.act === 'rotate') {
        const rotated = await callApi(webhookRoutes.rotateWebhookSecret, { params });
        onSecret({ url: rotated.webhook.url, secret: rotated.secret, message: rotated.message });
      } else {
        toast.success((await callApi(webhookRoutes.deleteWebhook, { params })).message);
      }
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      setPending(null);
      onChanged();
    }
  }

  return (
    <section aria-labelledby="webhooks-liste" className={fr.cx('fr-mb-4w')}>
      <h2 id="webhooks-liste" className={fr.cx('fr-h5')}>
        Adresses enregistrées
      </h2>
      {webhooks.length === 0 ? (
        <p>Aucune adresse n’est enregistrée : ce service ne reçoit pas d’événements.</p>
      ) : (
        <ScrollableTable label="Adresses enregistrées" noCaption>
          <table>
            <caption>Adresses enregistrées</caption>
            <thead>
              <tr>
                <th scope="col">Adresse</th>
                <th scope="col">Ajoutée le</th>
                <th scope="col">Secret remplacé le</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {webhooks.map((w) => (
                <tr key={w.id}>
                  <th scope="row" style={{ wordBreak: 'break-all' }}>
                    {w.url}
                  </th>
                  <td>{formatTimestamp(w.created_at)}</td>
                  <td>{w.secret_rotated_at ? formatTimestamp(w.secret_rotated_at) : 'jamais'}</td>
                  <td>
                    <ul className={fr.cx('fr-btns-group', 'fr-btns-group--sm', 'fr-btns-group--inline-lg')}>
                      <li>
                        <Button size="small" priority="secondary" onClick={() => setPending({ act: 'rotate', webhook: w })}>
                          Remplacer le secret<span className={fr.cx('fr-sr-only')}> de {w.url}</span>
                        </Button>
                      </li>
                      <li>
                        <Button size="small" priority="tertiary" onClick={() => setPending({ act: 'delete', webhook: w })}>
                          Supprimer<span className={fr.cx('fr-sr-only')}> {w.url}</span>
                        </Button>
                      </li>
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.act === 'rotate' ? 'Remplacer le secret de signature ?' : 'Supprimer ce webhook ?'}
        confirmLabel={pending?.act === 'rotate' ? 'Remplacer le secret' : 'Supprimer le webhook'}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        <p style={{ wordBreak: 'break-all' }}>{pending?.webhook.url}</p>
        <p>
          {pending?.act === 'rotate'
            ? 'L’ancien secret cesse aussitôt de signer les envois : mettez le nouveau en place chez le destinataire.'
            : 'Cette adresse ne recevra plus rien et son journal d’envois est effacé.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}

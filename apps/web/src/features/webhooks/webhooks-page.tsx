// /instructeur/webhooks: the instructing service's webhooks (rds-server /services/{id}/webhooks,
// docs/domain.md « Webhooks des services instructeurs »). An agent registers an address and reads
// its signing secret once, replaces a secret, removes an address after confirming, and reads the
// delivery log with each attempt. How a receiver checks an event is said on the page.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { MESSAGES, webhookRoutes, WEBHOOK_HEADERS, WEBHOOK_LIMITS, type Webhook } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { NewWebhookForm, SecretShown, type ShownSecret } from './webhook-forms.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookList } from './webhook-list.tsx';

const TITLE = 'Webhooks du service';

export function WebhooksPage() {
  const { user } = useSession();
  const serviceId = user?.rds?._id ?? null;
  if (!serviceId) {
    return (
      <Page title={TITLE}>
        <Alert severity="info" small description="Votre compte n’est rattaché à aucun service instructeur : il n’a pas de webhooks." />
      </Page>
    );
  }
  return <ServiceWebhooks serviceId={serviceId} serviceName={user?.rds?.nom ?? 'votre service'} />;
}

function ServiceWebhooks({ serviceId, serviceName }: { serviceId: string; serviceName: string }) {
  const queryClient = useQueryClient();
  const key = ['webhooks', serviceId];
  const webhooks = useQuery({ queryKey: key, queryFn: () => callApi(webhookRoutes.listWebhooks, { params: { id: serviceId } }), retry: false });
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const changed = (next?: Webhook[]) => (next ? queryClient.setQueryData(key, next) : queryClient.invalidateQueries({ queryKey: key }));

  return (
    <Page title={TITLE} lead={`Les adresses qui reçoivent chaque changement d’état des dossiers et des comptes rendus financiers de ${serviceName}.`}>
      <section aria-labelledby="webhooks-fonctionnement" className={fr.cx('fr-mb-4w')}>
        <h2 id="webhooks-fonctionnement" className={fr.cx('fr-h5')}>
          Ce que reçoit une adresse
        </h2>
        <p>
          Un envoi est une requête <code>POST</code> au corps JSON (identifiant de l’événement, type, date, dossier, état de départ et d’arrivée). Il est signé : l’en-tête{' '}
          <code>{WEBHOOK_HEADERS.signature}</code> vaut <code>sha256=</code> suivi du HMAC-SHA256, avec le secret de l’adresse, de l’horodatage de l’en-tête{' '}
          <code>{WEBHOOK_HEADERS.timestamp}</code>, d’un point et du corps. L’en-tête <code>{WEBHOOK_HEADERS.eventId}</code> est le même pour un événement renvoyé :
          ignorez un identifiant déjà reçu. Une adresse qui ne répond pas par un code 2xx reçoit de nouveaux essais, de plus en plus espacés.
        </p>
      </section>
      {shown && <SecretShown shown={shown} onClose={() => setShown(null)} />}
      {webhooks.error ? (
        <Alert severity="error" small role="alert" description={errorMessage(webhooks.error, MESSAGES.httpEmpty)} />
      ) : !webhooks.data ? (
        <p>Chargement des webhooks…</p>
      ) : (
        <>
          <WebhookList serviceId={serviceId} webhooks={webhooks.data} onSecret={setShown} onChanged={() => void changed()} />
          {webhooks.data.length < WEBHOOK_LIMITS.perService ? (
            <NewWebhookForm
              serviceId={serviceId}
              onCreated={(created) => {
                void changed([...webhooks.data, created.webhook]);
                setShown({ url: created.webhook.url, secret: created.secret, message: created.message });
              }}
            />
          ) : (
            <p>Ce service a atteint le nombre maximal de {WEBHOOK_LIMITS.perService} webhooks : supprimez-en un pour en ajouter un autre.</p>
          )}
          <WebhookDeliveries serviceId={serviceId} webhooks={webhooks.data} />
        </>
      )}
    </Page>
  );
}

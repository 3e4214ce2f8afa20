// Registering a webhook's address (checked with the contract's rule before it goes, the server's
// refusal in the focused summary), and the secret answered once, focused, with the word to keep it.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { webhookRoutes, WEBHOOK_LIMITS, type RouteOutput } from '@portail/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { issuesToFieldErrors } from '../../lib/forms/field-errors.ts';
import { useSending } from '../../lib/forms/use-sending.ts';
import { focusElement } from '../../lib/focus/focus.ts';

type Created = RouteOutput<typeof webhookRoutes.createWebhook>;

export interface ShownSecret {
  url: string;
  secret: string;
  message: string;
}

const URL_ID = 'webhook-url';

export function NewWebhookForm({ serviceId, onCreated }: { serviceId: string; onCreated: (created: Created) => void }) {
  const [url, setUrl] = useState('');
  const { summary, errors, refuse, fix, send, sending } = useSending({ fieldOfServerKey: (key) => (key === 'url' ? 'url' : null), targetOf: () => URL_ID });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = webhookRoutes.createWebhook.body.safeParse({ url });
    if (!checked.success) {
      refuse(issuesToFieldErrors(checked.error));
      return;
    }
    await send(async () => {
      const created = await callApi(webhookRoutes.createWebhook, { params: { id: serviceId }, body: checked.data });
      setUrl('');
      onCreated(created);
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="webhook-ajout" className={fr.cx('fr-mb-6w')}>
      <h2 id="webhook-ajout" className={fr.cx('fr-h5')}>
        Ajouter une adresse
      </h2>
      <ErrorSummary {...summary} />
      <Input
        label="Adresse qui recevra les événements"
        hintText="Commence par https:// (par exemple https://outil.service.gouv.fr/portail/evenements)."
        state={errors.url ? 'error' : 'default'}
        stateRelatedMessage={errors.url}
        nativeInputProps={{
          id: URL_ID,
          type: 'url',
          inputMode: 'url',
          autoComplete: 'url',
          maxLength: WEBHOOK_LIMITS.urlLength,
          value: url,
          'aria-invalid': errors.url ? true : undefined,
          onChange: (e) => {
            setUrl(e.target.value);
            fix('url');
          },
        }}
      />
      <Button type="submit" disabled={sending}>
        Ajouter le webhook
      </Button>
    </form>
  );
}

/** The secret, answered once: focused so a screen reader reads it, closed by the person. */
export function SecretShown({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) focusElement(ref.current);
  }, [shown]);
  return (
    <div ref={ref} id="webhook-secret" tabIndex={-1} role="status" className={fr.cx('fr-mb-4w')}>
      <Alert
        severity="warning"
        title={`Secret de signature de ${shown.url}`}
        description={
          <>
            <p className={fr.cx('fr-mb-1w')}>{shown.message}</p>
            <p className={fr.cx('fr-mb-1w')}>
              <code data-testid="webhook-secret-value">{shown.secret}</code>
            </p>
            <Button size="small" priority="secondary" onClick={onClose}>
              J’ai conservé le secret
            </Button>
          </>
        }
      />
    </div>
  );
}

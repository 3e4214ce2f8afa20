// Sharing the dossier with another member of the association (PATCH …/dossiers/:id/share): a
// member of a secondary establishment then finds it in their list and works on it. The server
// only accepts a member of the association and says so in French otherwise.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { dossierRoutes, MESSAGES, type DossierView } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';

export function DossierShare({ dossier }: { dossier: DossierView }) {
  const [email, setEmail] = useState('');
  const { summary, errors, refuse, fix, sending, send } = useSending({ fieldOfServerKey: (key) => (key === 'email' ? 'email' : null), targetOf: () => 'partage-email' });
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refuse(email.trim() ? {} : { email: MESSAGES.pleaseFill('adresse électronique') })) return;
    await send(async () => {
      const { message } = await callApi(dossierRoutes.shareDossier, { params: { id: dossier.id }, query: {}, body: { email } });
      toast.success(message);
      setEmail('');
    });
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="partage-dossier" className={fr.cx('fr-mt-4w')}>
      <h3 id="partage-dossier" className={fr.cx('fr-h5')}>
        Partager le dossier
      </h3>
      <p className={fr.cx('fr-text--sm')}>Un autre membre de l’association, par exemple d’un établissement secondaire, pourra le consulter et le compléter.</p>
      <ErrorSummary {...summary} />
      <Input
        label="Adresse électronique du membre"
        state={errors.email ? 'error' : 'default'}
        stateRelatedMessage={errors.email}
        nativeInputProps={{
          id: 'partage-email',
          type: 'email',
          autoComplete: 'off',
          value: email,
          maxLength: 254,
          'aria-invalid': errors.email ? true : undefined,
          onChange: (e) => {
            setEmail(e.target.value);
            fix('email');
          },
        }}
      />
      <Button type="submit" priority="secondary" disabled={sending}>
        {sending ? 'Partage…' : 'Partager'}
      </Button>
    </form>
  );
}

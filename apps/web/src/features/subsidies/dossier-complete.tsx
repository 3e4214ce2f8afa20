// The member's answer to a dossier a service marked « incomplet » (POST …/dossiers/:id/complete):
// once what was missing is attached, the member declares the dossier complete, with a word for the
// service if they wish; the services instructing it are told. Offered only when the machine gives
// the caller the action `completer` (spec §4: instruction in D, 2-4, 6-12, end exercise not past).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { DOSSIER_LIMITS, instructionRoutes, type DossierView } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';

export const COMPLETED_MESSAGE = 'Le dossier est déclaré complet ; les services qui l’instruisent en sont informés.';

export function DossierComplete({ dossier, onCompleted }: { dossier: DossierView; onCompleted: (next: DossierView) => void }) {
  const [comment, setComment] = useState('');
  const { summary, errors, fix, sending, send } = useSending({ fieldOfServerKey: (key) => (key === 'comment' ? 'comment' : null), targetOf: () => 'completer-commentaire' });
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await send(async () => {
      const text = comment.trim();
      const next = await callApi(instructionRoutes.completeDossier, { params: { id: dossier.id }, body: text ? { comment: text } : {} });
      toast.success(COMPLETED_MESSAGE);
      setComment('');
      onCompleted(next);
    });
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="completer-dossier" className={fr.cx('fr-mt-2w')} data-testid="completer-dossier">
      <h3 id="completer-dossier" className={fr.cx('fr-h6', 'fr-mb-1w')}>
        Déclarer le dossier complet
      </h3>
      <p className={fr.cx('fr-text--sm')}>Joignez d’abord les documents qui manquent (étape 3 du dossier), puis déclarez-le complet : le service en est informé.</p>
      <ErrorSummary {...summary} />
      <TextField
        textArea
        id="completer-commentaire"
        name="comment"
        label="Un mot pour le service (facultatif)"
        rows={3}
        maxLength={DOSSIER_LIMITS.comment}
        value={comment}
        error={errors.comment}
        onChange={(value) => {
          setComment(value);
          fix('comment');
        }}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Envoi…' : 'Déclarer le dossier complet'}
      </Button>
    </form>
  );
}

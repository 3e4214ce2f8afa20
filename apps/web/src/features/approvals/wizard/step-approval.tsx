// Step 0 (spec §4): the approval asked for, its type, instructing service and campaign, chosen when
// the dossier was created and no longer changed; saving records the step.
import { fr } from '@codegouvfr/react-dsfr';
import type { FormEvent } from 'react';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { StepActions } from '../../subsidies/index.ts';
import type { ApprovalStepProps } from './types.ts';

export function StepApproval({ dossier, readOnly, onSave }: ApprovalStepProps) {
  const { summary, sending, send } = useSending();
  const { agrement } = dossier;
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await send(() => onSave({ step: 0 }));
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Agrément">
      <ErrorSummary {...summary} />
      <dl className={fr.cx('fr-mb-2w')}>
        <dt>Agrément</dt>
        <dd>
          {agrement.type_agrement_label} ({agrement.code})
        </dd>
        {agrement.categorie && (
          <>
            <dt>Catégorie</dt>
            <dd>{agrement.categorie}</dd>
          </>
        )}
        <dt>Service instructeur</dt>
        <dd>{agrement.service_nom}</dd>
        <dt>Campagne</dt>
        <dd>{dossier.exercice}</dd>
      </dl>
      <StepActions readOnly={readOnly} saving={sending} label="Continuer" />
    </form>
  );
}

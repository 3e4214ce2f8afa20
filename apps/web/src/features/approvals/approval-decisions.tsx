// The instructing service's decisions on an approval dossier (POST …/agrement/events), offered
// exactly as the machine allows the caller now (the view's `evenements`): open the instruction,
// grant (the approval's number and end of validity, both optional: the dossier's number by
// default) or refuse (the reason required, checked here before sending as the server does).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { APPROVAL_DOSSIER_MESSAGES, approvalDossierRoutes, type ApprovalDossierView } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { allowedDecisions, decisionLabel, type ApprovalDecision } from './approval-states.ts';

interface ApprovalDecisionsProps {
  dossier: ApprovalDossierView;
  onDecided: (next: ApprovalDossierView) => void;
}

export function ApprovalDecisions({ dossier, onDecided }: ApprovalDecisionsProps) {
  const decisions = allowedDecisions(dossier.evenements);
  const [numero, setNumero] = useState('');
  const [validite, setValidite] = useState('');
  const [motif, setMotif] = useState('');
  const { summary, errors, refuse, fix, sending, send } = useSending();
  if (decisions.length === 0) return null;

  async function decide(event: ApprovalDecision) {
    const body =
      event === 'accorder'
        ? { event, ...(numero.trim() ? { numero: numero.trim() } : {}), ...(validite ? { date_validite: validite } : {}) }
        : event === 'refuser'
          ? { event, commentaire: motif.trim() }
          : { event };
    await send(async () => {
      const next = await callApi(approvalDossierRoutes.decideApprovalDossier, { params: { id: dossier.id }, body });
      toast.success(`${decisionLabel(event)} : c’est fait. Le dossier est maintenant « ${next.etat_libelle} ».`);
      onDecided(next);
    });
  }
  const submit = (event: ApprovalDecision) => async (e: FormEvent) => {
    e.preventDefault();
    if (event === 'refuser' && refuse(motif.trim() ? {} : { motif: APPROVAL_DOSSIER_MESSAGES.refusalReason })) return;
    await decide(event);
  };

  return (
    <section aria-labelledby="decisions-titre" className={fr.cx('fr-mt-6w', 'fr-p-3w')} style={{ border: '1px solid var(--border-default-grey)' }}>
      <h2 id="decisions-titre" className={fr.cx('fr-h4')}>
        Décision du service instructeur
      </h2>
      <ErrorSummary {...summary} />
      {decisions.includes('ouvrir_instruction') && (
        <form onSubmit={submit('ouvrir_instruction')} aria-label={decisionLabel('ouvrir_instruction')} className={fr.cx('fr-mb-3w')}>
          <p>Le dossier a été transmis : ouvrez son instruction pour le signaler à l’association.</p>
          <Button type="submit" disabled={sending}>
            {decisionLabel('ouvrir_instruction')}
          </Button>
        </form>
      )}
      {decisions.includes('accorder') && (
        <form onSubmit={submit('accorder')} aria-label={decisionLabel('accorder')} className={fr.cx('fr-mb-3w')}>
          <fieldset className={fr.cx('fr-fieldset')}>
            <legend className={fr.cx('fr-fieldset__legend')}>{decisionLabel('accorder')}</legend>
            <div className={fr.cx('fr-fieldset__element')}>
              <TextField label="Numéro de l’agrément (facultatif : le numéro du dossier sinon)" name="numero" maxLength={100} value={numero} error={undefined} onChange={setNumero} />
            </div>
            <div className={fr.cx('fr-fieldset__element')}>
              <TextField label="Fin de validité (facultative)" type="date" name="date_validite" value={validite} error={undefined} onChange={setValidite} />
            </div>
            <div className={fr.cx('fr-fieldset__element')}>
              <Button type="submit" disabled={sending}>
                {decisionLabel('accorder')}
              </Button>
            </div>
          </fieldset>
        </form>
      )}
      {decisions.includes('refuser') && (
        <form onSubmit={submit('refuser')} aria-label={decisionLabel('refuser')} noValidate>
          <fieldset className={fr.cx('fr-fieldset')}>
            <legend className={fr.cx('fr-fieldset__legend')}>{decisionLabel('refuser')}</legend>
            <div className={fr.cx('fr-fieldset__element')}>
              <TextField
                textArea
                rows={3}
                maxLength={2000}
                label="Motif du refus *"
                name="motif"
                value={motif}
                error={errors.motif}
                onChange={(value) => {
                  setMotif(value);
                  fix('motif');
                }}
              />
            </div>
            <div className={fr.cx('fr-fieldset__element')}>
              <Button type="submit" priority="secondary" disabled={sending}>
                {decisionLabel('refuser')}
              </Button>
            </div>
          </fieldset>
        </form>
      )}
    </section>
  );
}

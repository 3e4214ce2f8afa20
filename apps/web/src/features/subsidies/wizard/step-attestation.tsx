// Step 4 (spec §4): the attestation on honour, then transmission. Before transmitting, the list of
// what is missing comes from missingForTransmission, the rule the server applies (comfort only: the
// server decides and its refusal is shown as it says it).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { MESSAGES, missingForTransmission, toExpectedQuestion, type Question } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/index.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { useFocusAfterRender } from '../../../lib/focus/focus.ts';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { RequiredLegend, RequiredMark } from './required-mark.tsx';
import { LAST_STEP, STEP_OF_MISSING, WIZARD_STEPS } from '../wizard-steps.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './types.ts';

export function StepAttestation({
  dossier,
  subvention,
  readOnly,
  onSave,
  onBack,
  onTransmit,
  canTransmit,
  questions,
}: StepProps & { onBack: () => void; onTransmit: () => Promise<void>; canTransmit: boolean; questions: readonly Question[] }) {
  const [certifie, setCertifie] = useState(dossier.attestation?.certifie ?? false);
  const { summary, errors, refuse, fix, setFormError, sending: saving, send } = useSending({
    fieldOfServerKey: (key) => (key.startsWith('attestation') ? 'certifie' : null),
    targetOf: () => 'field-certifie-0',
  });
  const [saved, setSaved] = useState(false);
  const [transmitting, setTransmitting] = useState(false);
  const moveFocus = useFocusAfterRender();
  const missing = missingForTransmission(dossier, {
    questions: questions.map(toExpectedQuestion),
    champs: subvention.champs_attendus,
    documents: subvention.documents_attendus,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (refuse(certifie ? {} : { certifie: MESSAGES.requiredCheckbox })) return;
    const done = await send(async () => {
      await onSave({ attestation: { certifie: true, date: new Date().toISOString() } });
    });
    if (done) {
      // The step stays on screen: its notice says what changed, and takes the focus.
      setSaved(true);
      moveFocus('attestation-enregistree');
    }
  }

  const [confirming, setConfirming] = useState(false);
  const services = dossier.instructeurs.map((i) => i.service.nom);

  async function transmit() {
    setFormError(null);
    setTransmitting(true);
    try {
      await onTransmit();
    } catch (e) {
      setFormError(errorMessage(e, MESSAGES.httpEmpty));
    } finally {
      setTransmitting(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Attestation">
        <ErrorSummary {...summary} />
        {saved && (
          <Alert id="attestation-enregistree" severity="success" small className={fr.cx('fr-mb-2w')} description="L’attestation sur l’honneur est enregistrée." />
        )}
        <RequiredLegend />
        <Checkbox
          legend={
            <>
              Attestation sur l’honneur
              <RequiredMark />
            </>
          }
          disabled={readOnly}
          id="field-certifie"
          state={errors.certifie ? 'error' : 'default'}
          stateRelatedMessage={errors.certifie}
          options={[
            {
              label: `Je certifie exactes les informations du dossier ${dossier.identifiant.id_fo}, et que l’association est à jour de ses obligations administratives, comptables, sociales et fiscales.`,
              nativeInputProps: {
                name: 'certifie',
                checked: certifie,
                'aria-invalid': errors.certifie ? true : undefined,
                'aria-describedby': errors.certifie ? 'field-certifie-desc-error' : undefined,
                onChange: (event) => {
                  setCertifie(event.target.checked);
                  setSaved(false);
                  fix('certifie');
                },
              },
            },
          ]}
        />
        <StepActions readOnly={readOnly} saving={saving} onBack={onBack} label="Enregistrer l’attestation" />
      </form>

      {!readOnly && (
        <section aria-labelledby="transmission" className={fr.cx('fr-mt-6w')}>
          <h3 id="transmission" className={fr.cx('fr-h4')}>
            Transmission au service instructeur
          </h3>
          {missing.length > 0 ? (
            <Alert
              severity="warning"
              title="Le dossier ne peut pas encore être transmis"
              description={
                <>
                  <p>Il manque :</p>
                  <ul data-testid="missing-list">
                    {missing.map((m) => (
                      <li key={`${m.kind}-${m.code}`}>
                        {m.label}
                        {STEP_OF_MISSING[m.kind] !== null && STEP_OF_MISSING[m.kind] !== LAST_STEP && (
                          <> (étape {STEP_OF_MISSING[m.kind]! + 1} : {WIZARD_STEPS[STEP_OF_MISSING[m.kind]!].title})</>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              }
            />
          ) : (
            <p>Le dossier est complet : vous pouvez le transmettre au service instructeur.</p>
          )}
          {canTransmit && !readOnly && (
            <Button
              className={fr.cx('fr-mt-2w')}
              onClick={() => setConfirming(true)}
              disabled={transmitting || missing.length > 0}
            >
              {transmitting ? 'Transmission…' : 'Transmettre le dossier'}
            </Button>
          )}
          <ConfirmDialog
            open={confirming}
            title={`Transmettre le dossier n° ${dossier.identifiant.id_fo} ?`}
            confirmLabel="Confirmer la transmission"
            onConfirm={transmit}
            onClose={() => setConfirming(false)}
          >
            <p>
              Il sera transmis {services.length > 1 ? 'aux services instructeurs' : 'au service instructeur'} : {services.join(', ')}.
            </p>
            <p>Une fois transmis, le dossier ne peut plus être modifié, sauf si un service vous le renvoie pour correction.</p>
          </ConfirmDialog>
        </section>
      )}
    </>
  );
}

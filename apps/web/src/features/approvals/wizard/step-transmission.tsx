// Step 4 (spec §4): the cerfa's attestation (the signatory certifies the dossier, where it is
// signed) then the transmission to the instructing service (POST …/transmit with the cerfa body),
// offered when the machine allows it (`evenements`); the server says what is still missing.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { CheckboxField, isChecked } from '../../../lib/forms/checkbox-field.tsx';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { RequiredLegend, StepActions } from '../../subsidies/index.ts';
import type { ApprovalStepProps } from './types.ts';

/** The cerfa's attestation sent with the transmission. */
export interface ApprovalCerfa {
  certifie: true;
  lieu: string;
  date: string;
}

interface StepTransmissionProps extends Pick<ApprovalStepProps, 'dossier' | 'onBack'> {
  canTransmit: boolean;
  onTransmit: (cerfa: ApprovalCerfa) => Promise<void>;
}

export function StepTransmission({ dossier, canTransmit, onTransmit, onBack }: StepTransmissionProps) {
  const [certifie, setCertifie] = useState('false');
  const [lieu, setLieu] = useState('');
  const { summary, errors, refuse, fix, sending, send } = useSending();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!isChecked(certifie)) found.certifie = 'Veuillez certifier l’exactitude des informations du dossier.';
    if (!lieu.trim()) found.lieu = MESSAGES.pleaseFill('lieu de signature');
    if (refuse(found)) return;
    await send(() => onTransmit({ certifie: true, lieu: lieu.trim(), date: new Date().toISOString().slice(0, 10) }));
  }

  if (!canTransmit) {
    return (
      <>
        <p>{dossier.etat === '1' || dossier.etat === '2' ? 'Le dossier ne peut pas être transmis par vous.' : `Ce dossier est entre les mains du service instructeur (${dossier.description.service_instructeur}) : il ne se transmet plus.`}</p>
        {onBack && (
          <Button priority="secondary" onClick={onBack}>
            Étape précédente
          </Button>
        )}
      </>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Transmission">
      <ErrorSummary {...summary} />
      <RequiredLegend />
      <CheckboxField
        label="Je certifie exactes les informations du présent dossier, et que l’association respecte les critères du tronc commun d’agrément. *"
        name="certifie"
        value={certifie}
        error={errors.certifie}
        onChange={(value) => {
          setCertifie(value);
          fix('certifie');
        }}
      />
      <TextField
        label="Fait à *"
        name="lieu"
        value={lieu}
        maxLength={100}
        error={errors.lieu}
        onChange={(value) => {
          setLieu(value);
          fix('lieu');
        }}
      />
      <StepActions readOnly={false} saving={sending} onBack={onBack} label="Transmettre le dossier au service instructeur" busyLabel="Transmission…" />
    </form>
  );
}

// The association's affiliation certificates for Pass'Sport (spec §8: one is needed per federation,
// one of a past exercise is accepted): those filed, by federation and exercise, and — for the head
// office, which files them — the form: one of the federations the association declares in its
// administrative information (by its SIREN; without one, the message of §5 sends the user there),
// the exercise (the open one by default) and the file, checked here as the server checks it. A new
// certificate of the same federation and exercise replaces the previous one.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import {
  formatSiren,
  PASS_SPORT_MESSAGES as M,
  passSportRoutes,
  pspCertificateQuerySchema,
  type PspExercice,
  type PspStructure,
} from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { checkChosenFile, DocumentFileField, uploadFieldErrors } from '../../lib/forms/document-file-field.tsx';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';

interface CertificatesPanelProps {
  structure: PspStructure;
  exercices: PspExercice[];
  /** The caller files certificates (the association's head office, an administrator). */
  canUpload: boolean;
  onUploaded: () => Promise<unknown>;
}

export function CertificatesPanel({ structure, exercices, canUpload, onUploaded }: CertificatesPanelProps) {
  const yearOf = (exerciceId: number) => exercices.find((x) => x.id === exerciceId)?.id_exercice ?? exerciceId;
  const certificates = [...structure.attestations].sort((a, b) => a.nom_federation.localeCompare(b.nom_federation, 'fr') || b.exercice_id - a.exercice_id);

  return (
    <section className={fr.cx('fr-mt-6w')} aria-labelledby="psp-attestations-titre">
      <h2 id="psp-attestations-titre">Attestations d'affiliation</h2>
      <p>
        Une attestation d'affiliation est nécessaire pour chaque fédération du dossier ; celle d'un exercice précédent est acceptée.
      </p>
      {certificates.length === 0 ? (
        <p>Aucune attestation déposée.</p>
      ) : (
        <DataTable
          caption={`Attestations d'affiliation de l'association (${certificates.length})`}
          rowHeaders
          headers={['Fédération', 'SIREN', 'Exercice', 'Déposée le']}
          data={certificates.map((a) => [a.nom_federation, formatSiren(a.siren_federation), String(yearOf(a.exercice_id)), formatTimestamp(a.created_at)])}
        />
      )}
      {canUpload ? (
        <CertificateForm structure={structure} exercices={exercices} onUploaded={onUploaded} />
      ) : (
        <p className={fr.cx('fr-text--sm')}>Les attestations sont déposées par le siège de l'association.</p>
      )}
    </section>
  );
}

/** The form's field of a key of the contract's query (the federation's name goes with its SIREN); null: not one of the form's. */
const fieldOf = (key: string): string | null =>
  key === 'siren_federation' || key === 'nom_federation' ? 'siren_federation' : key === 'exerciceId' || key === 'file' ? key : null;

function CertificateForm({ structure, exercices, onUploaded }: Omit<CertificatesPanelProps, 'canUpload'>) {
  const federations = structure.federations_declarees.filter((f): f is { nom: string; siren: string } => f.siren !== null);
  const open = exercices.find((x) => x.active) ?? exercices[0];
  const [siren, setSiren] = useState('');
  const [picked, setExercice] = useState('');
  // The open exercise until another is chosen (the exercises may arrive after the form).
  const exercice = picked || (open ? String(open.id) : '');
  const [file, setFile] = useState<File | null>(null);
  /** Changing it empties the file input after a successful upload. */
  const [inputKey, setInputKey] = useState(0);
  const { summary, errors, refuse, fix, send, sending } = useSending({
    fieldOfServerKey: fieldOf,
    targetOf: (key) => (fieldOf(key) === key ? `field-${key}` : null),
    refusedFields: uploadFieldErrors,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const federation = federations.find((f) => f.siren === siren);
    const query = { id_siren: structure.id_siren ?? '', siren_federation: siren, nom_federation: federation?.nom ?? '', ...(exercice ? { exerciceId: exercice } : {}) };
    const parsed = pspCertificateQuerySchema.safeParse(query);
    const found: FieldErrors = {};
    if (!parsed.success) for (const [key, message] of Object.entries(issuesToFieldErrors(parsed.error))) found[fieldOf(key) ?? key] ??= message;
    const fileProblem = checkChosenFile(file);
    if (fileProblem) found.file = fileProblem;
    if (refuse(found) || !parsed.success || !file) return;
    await send(async () => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      const filed = await callApi(passSportRoutes.uploadPspAffiliation, { query, formData });
      toast.success(M.certificateUploaded(filed.nom_federation, exercices.find((x) => x.id === filed.exercice_id)?.id_exercice ?? filed.exercice_id));
      setSiren('');
      setFile(null);
      setInputKey((key) => key + 1);
      await onUploaded();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="psp-attestation-depot" className={fr.cx('fr-mt-3w')}>
      <h3 id="psp-attestation-depot" className={fr.cx('fr-h6')}>
        Déposer une attestation
      </h3>
      <ErrorSummary {...summary} />
      {federations.length === 0 && (
        <p>
          {M.federationSirenRequired}{' '}
          <Link to={`/informations-administratives/${structure.id_correspondance}`}>Informations administratives de l'association</Link>
        </p>
      )}
      <SelectField
        label="Fédération de l'attestation"
        placeholder="Choisir une fédération"
        name="siren_federation"
        value={siren}
        error={errors.siren_federation}
        options={federations.map((f) => ({ value: f.siren, label: `${f.nom} (SIREN ${formatSiren(f.siren)})` }))}
        onChange={(value) => {
          setSiren(value);
          fix('siren_federation');
        }}
      />
      <SelectField
        label="Exercice de l'attestation"
        placeholder="Choisir un exercice"
        placeholderDisabled
        name="exerciceId"
        value={exercice}
        error={errors.exerciceId}
        options={exercices.map((x) => ({ value: String(x.id), label: `Exercice ${x.id_exercice}${x.active ? ' (ouvert)' : ''}` }))}
        onChange={(value) => {
          setExercice(value);
          fix('exerciceId');
        }}
      />
      <DocumentFileField
        key={inputKey}
        error={errors.file}
        onFile={(chosen) => {
          setFile(chosen);
          fix('file');
        }}
      />
      <Button type="submit" disabled={sending} className={fr.cx('fr-mt-3w')}>
        {sending ? 'Dépôt…' : "Déposer l'attestation"}
      </Button>
    </form>
  );
}

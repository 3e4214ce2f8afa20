// Step 1 (spec §4): the applicant establishment, legal representative, signatory, manager and RIB,
// chosen among the rows of the association file. The RIBs offered are the chosen establishment's;
// when the scheme expects the RIB's copy (an expected document of nature RIB), it is chosen or
// uploaded here, for that establishment, and attached to the dossier with the step.
import { fr } from '@codegouvfr/react-dsfr';
import { formatSiret, MESSAGES, SUBSIDY_MESSAGES, type AssociationDocument, type Representant } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { DraftNotice } from '../../../lib/forms/draft-notice.tsx';
import { useDraftState } from '../../../lib/forms/draft-state.ts';
import { errorMessage } from '../../../lib/api/index.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { ExistingDossierLink } from '../existing-dossier-link.tsx';
import { serverKeyIn } from '../../../lib/forms/field-errors.ts';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { SelectField } from '../../../lib/forms/select-field.tsx';
import { shownDocuments } from '../expected-items.ts';
import { ribLabel } from '../format.ts';
import { ExpectedDocumentField, type AttachedDocument } from './expected-document-field.tsx';
import { RequiredLegend } from './required-mark.tsx';
import { StepActions } from './step-actions.tsx';
import type { ApplicantChoices, StepProps } from './types.ts';

const personLabel = (r: Representant) => [r.civilite, r.prenom, r.nom].filter(Boolean).join(' ') + (r.fonction ? ` – ${r.fonction}` : '');

const FIELDS = ['id_siret', 'id_representant_legal', 'id_signataire', 'id_responsable', 'id_rib'] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: Record<Field, string> = {
  id_siret: 'établissement demandeur',
  id_representant_legal: 'représentant légal',
  id_signataire: 'signataire',
  id_responsable: 'responsable du dossier',
  id_rib: 'RIB',
};

interface StepApplicantProps extends StepProps {
  choices: ApplicantChoices;
  associationDocuments: readonly AssociationDocument[];
  onUpload: (type: string, file: File, options: { idSiret: string; onProgress?: (fraction: number) => void }) => Promise<AssociationDocument>;
  onBack: () => void;
}

export function StepApplicant({ dossier, subvention, readOnly, draftKey, onSave, choices, associationDocuments, onUpload, onBack }: StepApplicantProps) {
  const d = dossier.demandeur;
  // The RIB's copy, when the scheme expects one (its required flag as the dossier shows it).
  const ribCopy = shownDocuments(subvention, dossier).find((e) => e.nature === 'RIB') ?? null;
  const draft = useDraftState<Record<Field, string> & { rib_copie: AttachedDocument | null }>(draftKey, {
    id_siret: d.id_siret ?? '',
    id_representant_legal: d.id_representant_legal ?? '',
    id_signataire: d.id_signataire ?? '',
    id_responsable: d.id_responsable ?? '',
    id_rib: d.id_rib ?? '',
    rib_copie: (ribCopy && dossier.documents.find((doc) => doc.code === ribCopy.code)) || null,
  });
  const { value: values, set: setValues } = draft;
  const [uploading, setUploading] = useState(false);
  const ribCopyTarget = ribCopy ? `doc-${ribCopy.code}-file` : null;
  const { summary, errors, refuse, fix, setFieldError, refusal, sending: saving, send } = useSending({
    fieldOfServerKey: serverKeyIn([...FIELDS, 'rib_copie']),
    targetOf: (key) => (key === 'rib_copie' ? ribCopyTarget : `field-${key}`),
  });

  const representants = choices.representants.filter((r) => !r.deleted);
  const legal = representants.filter((r) => r.est_representant_legal);
  const ribs = choices.ribs.filter((r) => r.id_siret === values.id_siret);
  const bind = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: readOnly,
    onChange: (value: string) => {
      // Another establishment: its own RIB, and the copy of that RIB.
      setValues((v) => ({ ...v, [name]: value, ...(name === 'id_siret' ? { id_rib: '', rib_copie: null } : {}) }));
      fix(name);
    },
  });

  function chooseCopy(doc: AssociationDocument | undefined) {
    setValues((v) => ({ ...v, rib_copie: doc ? { uuid: doc.uuid, code: ribCopy!.code, nom: doc.nom } : null }));
    fix('rib_copie');
  }

  async function uploadCopy(file: File, onProgress: (fraction: number) => void) {
    if (!ribCopy) return;
    setUploading(true);
    try {
      chooseCopy(await onUpload(ribCopy.nature, file, { idSiret: values.id_siret, onProgress }));
    } catch (error) {
      setFieldError('rib_copie', errorMessage(error, MESSAGES.httpEmpty));
      throw error;
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field | 'rib_copie', string>> = {};
    for (const [field, label] of Object.entries(REQUIRED) as [Field, string][]) if (!values[field]) found[field] = MESSAGES.pleaseFill(label);
    if (ribCopy?.required && !values.rib_copie) found.rib_copie = SUBSIDY_MESSAGES.ribScanRequired;
    if (refuse(found as Record<string, string>)) return;
    await send(async () => {
      const etablissement = choices.etablissements.find((e) => e.siret === values.id_siret);
      const { rib_copie: copy, ...demandeur } = values;
      await onSave({
        demandeur: { ...demandeur, enseigne: etablissement?.enseigne ?? null },
        // The dossier's documents with the RIB's copy as chosen (the other documents unchanged).
        ...(ribCopy ? { documents: [...dossier.documents.filter((doc) => doc.code !== ribCopy.code), ...(copy ? [{ ...copy, code: ribCopy.code }] : [])] } : {}),
      });
      draft.clear();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Demandeur">
      <ErrorSummary {...summary} />
      <ExistingDossierLink refusal={refusal} />
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      <RequiredLegend />
      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Établissement demandeur et coordonnées bancaires</legend>
        <div className={fr.cx('fr-fieldset__element')}>
          <SelectField
            label="Établissement demandeur *"
            placeholder="Sélectionnez un établissement"
            options={choices.etablissements
              .filter((e) => e.actif)
              .map((e) => ({ value: e.siret, label: `${formatSiret(e.siret)}${e.enseigne ? ` – ${e.enseigne}` : ''}${e.est_siege ? ' (siège)' : ''}` }))}
            {...bind('id_siret')}
          />
        </div>
        <div className={fr.cx('fr-fieldset__element')}>
          <SelectField
            label="RIB *"
            placeholder={values.id_siret ? (ribs.length ? 'Sélectionnez un RIB' : 'Aucun RIB pour cet établissement') : 'Choisissez d’abord l’établissement'}
            options={ribs.map((r) => ({ value: r.id, label: ribLabel(r) }))}
            {...bind('id_rib')}
          />
        </div>
        {ribCopy && values.id_siret && (
          <div className={fr.cx('fr-fieldset__element')}>
            <ExpectedDocumentField
              expected={{ ...ribCopy, label: `Copie du RIB (${ribCopy.label})` }}
              current={values.rib_copie ?? undefined}
              candidates={associationDocuments.filter((doc) => (doc.type === ribCopy.nature || doc.type === ribCopy.code) && (doc.id_siret === null || doc.id_siret === values.id_siret))}
              readOnly={readOnly}
              error={errors.rib_copie}
              busy={uploading}
              onChoose={(doc) => chooseCopy(doc)}
              onUpload={uploadCopy}
            />
          </div>
        )}
      </fieldset>
      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Personnes</legend>
        <div className={fr.cx('fr-fieldset__element')}>
          <SelectField label="Représentant légal *" placeholder="Sélectionnez le représentant légal" options={legal.map((r) => ({ value: r.id, label: personLabel(r) }))} {...bind('id_representant_legal')} />
        </div>
        <div className={fr.cx('fr-fieldset__element')}>
          <SelectField label="Signataire *" placeholder="Sélectionnez le signataire" options={representants.map((r) => ({ value: r.id, label: personLabel(r) }))} {...bind('id_signataire')} />
        </div>
        <div className={fr.cx('fr-fieldset__element')}>
          <SelectField label="Responsable du dossier *" placeholder="Sélectionnez le responsable" options={representants.map((r) => ({ value: r.id, label: personLabel(r) }))} {...bind('id_responsable')} />
        </div>
      </fieldset>
      <StepActions readOnly={readOnly} saving={saving} onBack={onBack} />
    </form>
  );
}

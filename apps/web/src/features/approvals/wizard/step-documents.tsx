// Step 2 (spec §4): the approval's expected documents that the dossier asks for (contract
// askedOfApproval: active, their conditions holding; required ones with the red asterisk), each
// one chosen among the association's documents of its kind (`nature`) or uploaded there (then
// attached), with the documents' progress; saving declares the dossier complete. The instructing
// service filling the dossier for the association chooses among the association's documents (it
// adds none); reading it, it sees what is attached only.
import { fr } from '@codegouvfr/react-dsfr';
import { askedOfApproval, MESSAGES, type AssociationDocument } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/index.ts';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { documentProgress, ExpectedDocumentField, RequiredLegend, StepActions, type AttachedDocument } from '../../subsidies/index.ts';
import type { ApprovalStepProps } from './types.ts';

interface StepDocumentsProps extends ApprovalStepProps {
  /** The association file's documents; null on the service side (it does not read the file). */
  associationDocuments: readonly AssociationDocument[] | null;
  /** Uploads a file of this type to the association's documents; resolves with the new document. Absent on the service side: it chooses among them. */
  onUpload: ((type: string, file: File, onProgress: (fraction: number) => void) => Promise<AssociationDocument>) | null;
}

export function StepDocuments({ dossier, readOnly, onSave, onBack, associationDocuments, onUpload }: StepDocumentsProps) {
  // The documents the dossier asks for: active, their conditions holding on it (the server requires the same).
  const expected = askedOfApproval(dossier.agrement.documents_attendus, dossier).map((d) => ({ ...d, required: d.obligatoire }));
  const nameOf = (id: string) => associationDocuments?.find((doc) => doc.uuid === id)?.nom ?? 'document joint';
  const [attached, setAttached] = useState<AttachedDocument[]>(dossier.documents.map((d) => ({ code: d.code, uuid: d.id_document, nom: nameOf(d.id_document) })));
  const [uploading, setUploading] = useState(false);
  const { summary, errors, refuse, fix, setFieldError, sending, send } = useSending({ targetOf: (key) => `${key}-${onUpload ? 'file' : 'existing'}` });
  const editable = !readOnly && associationDocuments !== null;

  function attach(code: string, document: AssociationDocument | undefined) {
    setAttached((current) => [...current.filter((d) => d.code !== code), ...(document ? [{ uuid: document.uuid, code, nom: document.nom }] : [])]);
    fix(`doc-${code}`);
  }

  async function upload(send: NonNullable<typeof onUpload>, code: string, nature: string, file: File, onProgress: (fraction: number) => void) {
    setUploading(true);
    try {
      attach(code, await send(nature, file, onProgress));
    } catch (error) {
      setFieldError(`doc-${code}`, errorMessage(error, MESSAGES.httpEmpty));
      throw error;
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!editable) {
      await send(() => onSave({ step: 2 }));
      return;
    }
    const codes = new Set(attached.map((d) => d.code));
    const found: Record<string, string> = {};
    for (const d of expected) if (d.required && !codes.has(d.code)) found[`doc-${d.code}`] = `Le document « ${d.label} » est obligatoire.`;
    if (refuse(found)) return;
    await send(() => onSave({ step: 2, documents: attached.map((d) => ({ code: d.code, id_document: d.uuid })), statut: 'complet' }));
  }

  const progress = documentProgress(expected, attached.map((d) => d.code));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Documents">
      <ErrorSummary {...summary} />
      {editable && <RequiredLegend />}
      <p id="documents-progress-label">
        {progress.attached} document(s) joint(s) sur {progress.total}
      </p>
      <progress aria-labelledby="documents-progress-label" max={100} value={progress.percent} className={fr.cx('fr-mb-2w')}>
        {progress.percent} %
      </progress>
      {expected.length === 0 && <p>Cet agrément n’attend aucun document.</p>}
      {expected.map((d) => (
        <ExpectedDocumentField
          key={d.code}
          expected={d}
          current={attached.find((a) => a.code === d.code)}
          candidates={(associationDocuments ?? []).filter((doc) => doc.type === d.nature || doc.type === d.code)}
          readOnly={!editable}
          error={errors[`doc-${d.code}`]}
          busy={uploading}
          onChoose={(document) => attach(d.code, document)}
          onUpload={onUpload ? (file, onProgress) => upload(onUpload, d.code, d.nature, file, onProgress) : undefined}
        />
      ))}
      <StepActions readOnly={readOnly} saving={sending} onBack={onBack} />
    </form>
  );
}

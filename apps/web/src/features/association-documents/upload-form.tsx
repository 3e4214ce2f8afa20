// Upload of a document to the association file: type, year of validity, file. The file is checked
// here as the server checks its name and size (contract rules) before anything is sent; the server
// also checks its content. Errors are shown next to their field and in the focused error summary,
// the typed input is kept; one upload at a time.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, MESSAGES, uploadDocumentQuerySchema } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { checkChosenFile, DocumentFileField, uploadFieldErrors } from '../../lib/forms/document-file-field.tsx';
import { callApi } from '../../lib/api/index.ts';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import type { FieldBinding } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import type { DocumentType } from './document-types.ts';

export const UPLOADED_MESSAGE = 'Le document a été déposé.';

/** The form's fields (the others a refusal may name are listed without a link). */
const FIELDS: readonly string[] = ['type', 'annee_validite', 'commentaire', 'file'];

interface UploadFormProps {
  idAsso: string;
  siret: string | null;
  types: DocumentType[];
  onUploaded: () => void;
}

export function UploadForm({ idAsso, siret, types, onUploaded }: UploadFormProps) {
  const [type, setType] = useState('');
  const [annee, setAnnee] = useState('');
  const [commentaire, setCommentaire] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /** Changing it empties the file input after a successful upload. */
  const [inputKey, setInputKey] = useState(0);
  const { summary, errors, refuse, fix, send, sending } = useSending({
    targetOf: (key) => (FIELDS.includes(key) ? `field-${key}` : null),
    refusedFields: uploadFieldErrors,
  });

  /** A field bound to its state and its error (forgotten when the field changes). */
  const bind = (name: string, value: string, set: (value: string) => void): FieldBinding => ({
    name,
    value,
    error: errors[name],
    onChange: (next) => {
      set(next);
      fix(name);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const query = {
      id_asso: idAsso,
      ...(siret ? { id_siret: siret } : {}),
      type,
      ...(annee.trim() ? { annee_validite: annee.trim() } : {}),
      ...(commentaire.trim() ? { commentaire: commentaire.trim() } : {}),
    };
    const parsed = uploadDocumentQuerySchema.safeParse(query);
    if (!parsed.success) Object.assign(found, issuesToFieldErrors(parsed.error));
    if (!type) found.type = MESSAGES.required('type de document');
    const fileProblem = checkChosenFile(file);
    if (fileProblem) found.file = fileProblem;
    if (refuse(found) || !parsed.success || !file) return;
    await send(async () => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      await callApi(api.associationDocuments.uploadDocument, { query, formData });
      toast.success(UPLOADED_MESSAGE);
      setType('');
      setAnnee('');
      setCommentaire('');
      setFile(null);
      setInputKey((key) => key + 1);
      onUploaded();
    });
  }

  return (
    <section aria-labelledby="depot-document" className={fr.cx('fr-mt-6w')}>
      <h2 id="depot-document" className={fr.cx('fr-h4')}>
        Déposer un document
      </h2>
      <form onSubmit={onSubmit} noValidate aria-label="Déposer un document">
        <ErrorSummary {...summary} />
        <SelectField
          label="Type de document"
          placeholder="Sélectionnez un type"
          placeholderDisabled
          options={types.map((t) => ({ value: t.code, label: t.label }))}
          {...bind('type', type, setType)}
        />
        <TextField label="Année de validité (facultatif)" type="number" {...bind('annee_validite', annee, setAnnee)} />
        <TextField label="Commentaire (facultatif)" {...bind('commentaire', commentaire, setCommentaire)} />
        <DocumentFileField
          key={inputKey}
          error={errors.file}
          onFile={(file) => {
            setFile(file);
            fix('file');
          }}
        />
        <Button type="submit" disabled={sending} className={fr.cx('fr-mt-3w')}>
          {sending ? 'Dépôt…' : 'Déposer le document'}
        </Button>
      </form>
    </section>
  );
}

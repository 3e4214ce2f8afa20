// Upload of a document to the association file: type, year of validity, file. The file is checked
// here as the server checks its name and size (contract rules) before anything is sent; the server
// also checks its content. Errors are shown next to their field and the typed input is kept.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, MESSAGES, uploadDocumentQuerySchema } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { checkChosenFile, DocumentFileField, uploadFieldErrors } from '../../lib/forms/document-file-field.tsx';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import type { FieldBinding } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import type { DocumentType } from './document-types.ts';

export const UPLOADED_MESSAGE = 'Le document a été déposé.';

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  /** A field bound to its state and its error (cleared when the field changes). */
  const bind = (name: string, value: string, set: (value: string) => void): FieldBinding => ({
    name,
    value,
    error: errors[name],
    onChange: (next) => {
      set(next);
      clearError(name);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
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
    if (Object.keys(found).length > 0 || !parsed.success || !file) {
      setErrors(found);
      setFormError(MESSAGES.invalidForm);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
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
    } catch (error) {
      const message = errorMessage(error, MESSAGES.httpEmpty);
      setErrors(uploadFieldErrors(error, message));
      setFormError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section aria-labelledby="depot-document" className={fr.cx('fr-mt-6w')}>
      <h2 id="depot-document" className={fr.cx('fr-h4')}>
        Déposer un document
      </h2>
      <FormError message={formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Déposer un document">
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
            clearError('file');
          }}
        />
        <Button type="submit" disabled={submitting} className={fr.cx('fr-mt-3w')}>
          Déposer le document
        </Button>
      </form>
    </section>
  );
}

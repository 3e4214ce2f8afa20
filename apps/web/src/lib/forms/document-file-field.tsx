// The file of a document form (the association's documents, the administrators' document templates,
// Pass'Sport's affiliation certificates): the DSFR upload with the formats and size the server
// accepts, its error under it; what the form checks before sending, and where a refusal goes.
import { Upload } from '@codegouvfr/react-dsfr/Upload';
import { ACCEPTED_FILE_EXTENSIONS, checkUploadFile, MESSAGES, UPLOAD_HINT } from '@portail/contract';
import { isApiError } from '../api/index.ts';
import { serverFieldErrors, type FieldErrors } from './field-errors.ts';

export function DocumentFileField({ error, onFile }: { error: string | undefined; onFile: (file: File | null) => void }) {
  return (
    <Upload
      label="Fichier"
      hint={UPLOAD_HINT}
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      nativeInputProps={{
        id: 'field-file',
        name: 'file',
        accept: ACCEPTED_FILE_EXTENSIONS,
        'aria-invalid': error ? true : undefined,
        onChange: (event) => onFile(event.target.files?.[0] ?? null),
      }}
    />
  );
}

/** The client-side checks of a chosen file (required, name, size), as the server checks them: the French message, or null. */
export function checkChosenFile(file: File | null): string | null {
  if (!file) return MESSAGES.required('fichier');
  return checkUploadFile(file);
}

/**
 * The field errors of a refused upload (`useSending`'s `refusedFields`): the server's, and a refused
 * file (size, content, name) under the file field even when no field is named.
 */
export function uploadFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const fields = serverFieldErrors(error.fields);
  if (error.status === 413 || error.code?.startsWith('FILE_')) fields.file ??= error.message;
  return fields;
}

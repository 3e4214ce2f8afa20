// The file of a document form (the association's documents, the administrators' document templates):
// the DSFR upload with the formats and size the server accepts, its error under it.
import { Upload } from '@codegouvfr/react-dsfr/Upload';
import { ACCEPTED_FILE_EXTENSIONS, UPLOAD_HINT } from '@portail/contract';

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

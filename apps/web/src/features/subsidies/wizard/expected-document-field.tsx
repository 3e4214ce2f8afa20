// One expected document of the dossier (spec §5): what is attached, a choice among the
// association's documents of that kind, and the upload of a new file to the association's
// documents (then attached), with the upload's progress. Used by step 2 for every expected
// document and by step 1 for the RIB's copy.
import { fr } from '@codegouvfr/react-dsfr';
import { Upload } from '@codegouvfr/react-dsfr/Upload';
import { ACCEPTED_FILE_EXTENSIONS, checkUploadFile, UPLOAD_HINT, type AssociationDocument } from '@portail/contract';
import { useState } from 'react';
import { useFocusAfterRender } from '../../../lib/focus/focus.ts';
import { RequiredMark } from './required-mark.tsx';

export interface AttachedDocument {
  uuid: string;
  code: string;
  nom?: string | undefined;
}

interface ExpectedDocumentFieldProps {
  expected: { code: string; label: string; nature: string; required: boolean };
  current: AttachedDocument | undefined;
  /** The association's documents that may be chosen for it. */
  candidates: readonly AssociationDocument[];
  readOnly: boolean;
  error: string | undefined;
  /** An upload is running (this one or another): a new one waits. */
  busy: boolean;
  onChoose: (document: AssociationDocument | undefined) => void;
  /**
   * Uploads the file and attaches it; reports the part sent (0 to 1); rejects when refused (the error
   * then comes as `error`). Absent: only a choice among the candidates (an instructing service fills
   * the dossier for the association, it does not add to the association's documents).
   */
  onUpload?: ((file: File, onProgress: (fraction: number) => void) => Promise<void>) | undefined;
}

export function ExpectedDocumentField({ expected, current, candidates, readOnly, error, busy, onChoose, onUpload }: ExpectedDocumentFieldProps) {
  const id = `doc-${expected.code}`;
  const [progress, setProgress] = useState<number | null>(null);
  const moveFocus = useFocusAfterRender();
  // The file's own problem (name, size), found here before anything is sent.
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const shownError = fileProblem ?? error;
  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file || !onUpload) return;
    const problem = checkUploadFile(file);
    setFileProblem(problem);
    if (problem) {
      // Cleared, so that choosing another file (or the same one fixed) is seen as a change.
      input.value = '';
      moveFocus(`${id}-file`);
      return;
    }
    setProgress(0);
    try {
      await onUpload(file, setProgress);
      // The input was disabled while sending (focus lost): the attached file is what changed.
      moveFocus(`${id}-current`);
    } catch {
      // The refusal is shown under the input, which takes the focus back.
      moveFocus(`${id}-file`);
    } finally {
      setProgress(null);
    }
  }
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <fieldset className={fr.cx('fr-fieldset', 'fr-mt-2w')} aria-describedby={shownError ? `${id}-error` : undefined}>
      <legend className={fr.cx('fr-fieldset__legend', 'fr-text--md')}>
        {expected.label}
        {expected.required && <RequiredMark />}
      </legend>
      <div className={fr.cx('fr-fieldset__element')}>
        <p id={`${id}-current`} className={fr.cx('fr-mb-1w')}>
          {current ? <>Joint : {current.nom ?? current.uuid}</> : 'Aucun document joint.'}
        </p>
        {!readOnly && candidates.length > 0 && (
          <div className={fr.cx('fr-select-group')}>
            <label className={fr.cx('fr-label')} htmlFor={`${id}-existing`}>
              Choisir un document déjà déposé
            </label>
            <select id={`${id}-existing`} className={fr.cx('fr-select')} value={current?.uuid ?? ''} onChange={(event) => onChoose(candidates.find((c) => c.uuid === event.target.value))}>
              <option value="">Aucun</option>
              {candidates.map((c) => (
                <option key={c.uuid} value={c.uuid}>
                  {c.nom}
                  {c.annee_validite ? ` (${c.annee_validite})` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        {!readOnly && onUpload && (
          <Upload
            label="Déposer un nouveau fichier"
            hint={UPLOAD_HINT}
            state={shownError ? 'error' : 'default'}
            stateRelatedMessage={shownError ?? undefined}
            disabled={busy || progress !== null}
            nativeInputProps={{
              id: `${id}-file`,
              accept: ACCEPTED_FILE_EXTENSIONS,
              'aria-invalid': shownError ? true : undefined,
              onChange: (event) => void upload(event.target),
            }}
          />
        )}
        {(readOnly || !onUpload) && error && (
          <p id={`${id}-error`} className={fr.cx('fr-error-text')}>
            {error}
          </p>
        )}
        {percent !== null && (
          <>
            <progress className="subsidy-progress" max={100} value={percent} aria-labelledby={`${id}-progress`}>
              {percent} %
            </progress>
            <p id={`${id}-progress`} role="status">
              Dépôt en cours : {percent} %
            </p>
          </>
        )}
      </div>
    </fieldset>
  );
}

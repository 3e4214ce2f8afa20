// The scheme's expected fields shown for a dossier or a project (spec §5: shown by their
// conditions, required ones with the red asterisk), answered in its customs under each field's
// code; a number field keeps a number. Used by step 2 (the dossier's) and the project editor.
import { fr } from '@codegouvfr/react-dsfr';
import { customValue, withCustom } from '../expected-items.ts';
import { RequiredMark } from './required-mark.tsx';

type Customs = readonly { code: string; value: unknown }[];

interface ExpectedFieldsFieldsetProps {
  fields: readonly { code: string; label: string; type?: string | null; required: boolean }[];
  customs: Customs;
  onChange: (update: (customs: Customs) => Customs) => void;
  /** A field was changed (its key `custom-<code>`): its problem goes. */
  onEdited?: (key: string) => void;
  /** Problems by key `custom-<code>`. */
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  /** Before each input's id `custom-<code>` (a project's editor names its project). */
  idPrefix?: string;
}

export function ExpectedFieldsFieldset({ fields, customs, onChange, onEdited, errors, readOnly, idPrefix = '' }: ExpectedFieldsFieldsetProps) {
  if (fields.length === 0) return null;
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Informations demandées par le dispositif</legend>
      {fields.map((f) => {
        const key = `custom-${f.code}`;
        const id = `${idPrefix}${key}`;
        return (
          <div key={f.code} className={fr.cx('fr-fieldset__element')}>
            <div className={fr.cx('fr-input-group', errors[key] ? 'fr-input-group--error' : undefined)}>
              <label className={fr.cx('fr-label')} htmlFor={id}>
                {f.label}
                {f.required && <RequiredMark />}
              </label>
              <input
                id={id}
                className={fr.cx('fr-input')}
                type={f.type === 'number' ? 'number' : 'text'}
                disabled={readOnly}
                value={String(customValue(customs, f.code) ?? '')}
                aria-invalid={errors[key] ? true : undefined}
                aria-describedby={errors[key] ? `${id}-error` : undefined}
                onChange={(event) => {
                  const text = event.target.value;
                  onChange((c) => withCustom(c, f.code, f.type === 'number' && text !== '' ? Number(text) : text));
                  onEdited?.(key);
                }}
              />
              {errors[key] && (
                <p id={`${id}-error`} className={fr.cx('fr-error-text')}>
                  {errors[key]}
                </p>
              )}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

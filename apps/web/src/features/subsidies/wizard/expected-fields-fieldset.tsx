// The scheme's expected fields shown for a dossier or a project (spec §5: shown by their
// conditions, required ones with the red asterisk), answered in its customs under each field's
// code, each by its kind as the server checks it (answers.ts): a number keeps a number, a yes/no a
// boolean, a date a day, a choice one of its options. Used by step 2 (the dossier's) and the project editor.
import { fr } from '@codegouvfr/react-dsfr';
import { answerTypeOf, DOSSIER_LIMITS, optionValues } from '@portail/contract';
import { customValue, withCustom } from '../expected-items.ts';
import { RequiredMark } from './required-mark.tsx';

type Customs = readonly { code: string; value: unknown }[];

interface ExpectedFieldsFieldsetProps {
  fields: readonly { code: string; label: string; type?: string | null; meta?: Readonly<Record<string, unknown>> | null; required: boolean }[];
  customs: Customs;
  onChange: (update: (customs: Customs) => Customs) => void;
  /** A field was changed (its key `custom-<code>`): its problem goes. */
  onEdited?: (key: string) => void;
  /** Problems by key `custom-<code>`. */
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  /** Before each input's id `custom-<code>` (a project's editor names its project). */
  idPrefix?: string;
  /** Who asks these fields (an approval's wizard says so). */
  legend?: string;
}

export function ExpectedFieldsFieldset({ fields, customs, onChange, onEdited, errors, readOnly, idPrefix = '', legend = 'Informations demandées par le dispositif' }: ExpectedFieldsFieldsetProps) {
  if (fields.length === 0) return null;
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>{legend}</legend>
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
              {(() => {
                const kind = answerTypeOf(f.type ?? 'text');
                const value = customValue(customs, f.code);
                const common = {
                  id,
                  disabled: readOnly,
                  'aria-invalid': errors[key] ? true : undefined,
                  'aria-describedby': errors[key] ? `${id}-error` : undefined,
                } as const;
                const set = (answer: unknown) => {
                  onChange((c) => withCustom(c, f.code, answer));
                  onEdited?.(key);
                };
                if (kind === 'boolean' || kind === 'select') {
                  const choices = kind === 'boolean' ? [['true', 'Oui'], ['false', 'Non']] : optionValues(f.meta).map((v) => [v, labelOf(f.meta, v)]);
                  return (
                    <select
                      {...common}
                      className={fr.cx('fr-select')}
                      value={value === null || value === undefined ? '' : String(value)}
                      onChange={(event) => {
                        const text = event.target.value;
                        set(text === '' ? null : kind === 'boolean' ? text === 'true' : text);
                      }}
                    >
                      <option value="">Sélectionnez une réponse</option>
                      {choices.map(([v, label]) => (
                        <option key={v} value={v}>
                          {label}
                        </option>
                      ))}
                    </select>
                  );
                }
                const numeric = kind === 'number' || kind === 'decimal';
                return (
                  <input
                    {...common}
                    className={fr.cx('fr-input')}
                    type={numeric ? 'number' : kind === 'date' ? 'date' : 'text'}
                    step={kind === 'decimal' ? '0.01' : undefined}
                    // A written answer: the length the server accepts (checkAnswer).
                    maxLength={numeric || kind === 'date' ? undefined : DOSSIER_LIMITS.answer}
                    value={String(value ?? '')}
                    onChange={(event) => {
                      const text = event.target.value;
                      set(numeric && text !== '' ? Number(text) : text);
                    }}
                  />
                );
              })()}
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

/** The label of a choice in `meta.options` (the value itself when it has none). */
function labelOf(meta: Readonly<Record<string, unknown>> | null | undefined, value: string): string {
  const options = Array.isArray(meta?.options) ? (meta.options as unknown[]) : [];
  const found = options.find((o) => o && typeof o === 'object' && String((o as { value?: unknown }).value) === value) as { label?: unknown } | undefined;
  return typeof found?.label === 'string' ? found.label : value;
}

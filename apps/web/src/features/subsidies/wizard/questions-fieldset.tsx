// The questions every subsidy dossier answers (lca-server GET /questions?enabled=true), answered in
// the dossier's customs under each question's code: yes/no as true/false, text as text. Required
// ones carry the red asterisk; transmission waits for them (missingForTransmission, on both sides).
import { fr } from '@codegouvfr/react-dsfr';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { DOSSIER_LIMITS, type Question } from '@portail/contract';
import { customValue, withCustom } from '../expected-items.ts';
import { RequiredMark } from './required-mark.tsx';

type Customs = readonly { code: string; value: unknown }[];

interface QuestionsFieldsetProps {
  questions: readonly Question[];
  customs: Customs;
  onChange: (update: (customs: Customs) => Customs) => void;
  readOnly: boolean;
}

export function QuestionsFieldset({ questions, customs, onChange, readOnly }: QuestionsFieldsetProps) {
  if (questions.length === 0) return null;
  const label = (q: Question) => (
    <>
      {q.label}
      {q.obligatoire && <RequiredMark />}
    </>
  );
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Questions</legend>
      {[...questions]
        .sort((a, b) => a.rang - b.rang)
        .map((q) => {
          const value = customValue(customs, q.code);
          const id = `question-${q.code}`;
          return (
            <div key={q.code} className={fr.cx('fr-fieldset__element')}>
              {q.type === 'booleen' ? (
                <RadioButtons
                  legend={label(q)}
                  name={id}
                  orientation="horizontal"
                  disabled={readOnly}
                  options={[
                    { label: 'Oui', nativeInputProps: { value: 'oui', checked: value === true, onChange: () => onChange((c) => withCustom(c, q.code, true)) } },
                    { label: 'Non', nativeInputProps: { value: 'non', checked: value === false, onChange: () => onChange((c) => withCustom(c, q.code, false)) } },
                  ]}
                />
              ) : (
                <div className={fr.cx('fr-input-group')}>
                  <label className={fr.cx('fr-label')} htmlFor={id}>
                    {label(q)}
                  </label>
                  <textarea
                    id={id}
                    className={fr.cx('fr-input')}
                    rows={3}
                    maxLength={DOSSIER_LIMITS.answer}
                    disabled={readOnly}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(event) => {
                      const text = event.target.value;
                      onChange((c) => withCustom(c, q.code, text));
                    }}
                  />
                </div>
              )}
            </div>
          );
        })}
    </fieldset>
  );
}

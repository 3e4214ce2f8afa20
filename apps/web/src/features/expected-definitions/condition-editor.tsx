// The conditions of one expected item of a campaign or of an approval: each condition (object read,
// key, operator, value, for a campaign hidden for a TCA dossier), checked by the contract's
// askSchema, for a campaign previewed on its dossiers (how many would be shown the item, and which
// for an administrator who reads every dossier), before they are applied to the campaign or the
// approval being edited (saved with it). Its buttons are plain buttons: inside an approval's form,
// none submits it.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { ASK_OPERATORS, askSchema, MESSAGES, type Ask, type AskOperator, type ConditionPreview } from '@portail/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { readingPath } from '../subsidies/index.ts';
import { emptyAsk, OPERATOR_LABELS, toAsk, toDraft, type AskDraft } from './conditions.ts';

interface ConditionEditorProps {
  /** The item's label, named in the heading. */
  label: string;
  asks: readonly Ask[];
  /** The objects a condition may read. */
  scopes: readonly { value: string; label: string }[];
  /** Whose dossiers the item is asked of: « de la campagne », « de l’agrément ». */
  of: string;
  /** A condition may hide the item for a dossier coupled to a TCA request (the subsidies'). */
  tca?: boolean;
  /** Tries the conditions on the dossiers already made (a campaign's); none: no preview. */
  preview?: (asks: Ask[]) => Promise<ConditionPreview>;
  /** The heading's level: 4 inside a campaign's section, 3 inside an approval's form. */
  headingLevel?: 3 | 4;
  /** A key the help names as an example (a path in the object read). */
  example?: string;
  onApply: (asks: Ask[]) => void;
  onCancel: () => void;
}

const OPERATOR_OPTIONS = ASK_OPERATORS.map((operator) => ({ value: operator, label: `${OPERATOR_LABELS[operator]} (${operator})` }));

/** The drafts as the contract's conditions, or the first problem met (French). */
function checked(drafts: readonly AskDraft[]): { asks: Ask[] } | { problem: string } {
  const asks: Ask[] = [];
  for (const [index, draft] of drafts.entries()) {
    if (draft.key.trim() === '') return { problem: `Condition ${index + 1} : ${MESSAGES.required('clé')}` };
    const parsed = askSchema.safeParse(toAsk(draft));
    if (!parsed.success) return { problem: `Condition ${index + 1} : ${parsed.error.issues[0]?.message ?? MESSAGES.httpEmpty}` };
    asks.push(parsed.data);
  }
  return { asks };
}

export function ConditionEditor({ label, asks, scopes, of, tca = false, preview: tryOn, headingLevel = 4, example = 'description.pluriannuel', onApply, onCancel }: ConditionEditorProps) {
  const Heading = `h${headingLevel}` as const;
  const [drafts, setDrafts] = useState<AskDraft[]>(() => asks.map(toDraft));
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ConditionPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const change = (index: number, patch: Partial<AskDraft>) => {
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
    setPreview(null);
  };

  async function runPreview() {
    if (!tryOn) return;
    const result = checked(drafts);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(null);
    setPreviewing(true);
    try {
      setPreview(await tryOn(result.asks));
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      setPreviewing(false);
    }
  }

  function apply() {
    const result = checked(drafts);
    if ('problem' in result) return setProblem(result.problem);
    onApply(result.asks);
  }

  return (
    <section aria-labelledby="conditions-titre" className={fr.cx('fr-p-3w', 'fr-mb-4w')} style={{ border: '1px solid var(--border-default-grey)' }}>
      <Heading id="conditions-titre" ref={heading} tabIndex={-1} className={fr.cx('fr-h6')}>
        Conditions de « {label} »
      </Heading>
      <p className={fr.cx('fr-text--sm')}>
        L’élément est demandé aux dossiers qui remplissent toutes les conditions ; sans condition, il est demandé à tous. La clé est un chemin dans l’objet
        lu, par exemple <code>{example}</code>. Valeur : <code>true</code>, <code>false</code>, un nombre ou un texte.
      </p>
      {drafts.length === 0 && <p>Aucune condition : l’élément est demandé à tous les dossiers {of}.</p>}
      {drafts.map((draft, index) => (
        <fieldset key={index} className={fr.cx('fr-fieldset', 'fr-mb-2w')} aria-label={`Condition ${index + 1}`}>
          <legend className={fr.cx('fr-fieldset__legend', 'fr-text--bold')}>Condition {index + 1}</legend>
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')} style={{ width: '100%' }}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
              <SelectField error={undefined}
                label="Objet lu"
                name={`ask-${index}-scope`}
                value={draft.scope}
                placeholder="Choisir"
                placeholderDisabled
                options={scopes.map((s) => ({ value: s.value, label: s.label }))}
                onChange={(scope) => change(index, { scope })}
              />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
              <TextField error={undefined} label="Clé" name={`ask-${index}-key`} value={draft.key} maxLength={200} onChange={(key) => change(index, { key })} />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
              <SelectField error={undefined}
                label="Opérateur"
                name={`ask-${index}-operator`}
                value={draft.operator}
                placeholder="Choisir"
                placeholderDisabled
                options={OPERATOR_OPTIONS}
                onChange={(operator) => change(index, { operator: operator as AskOperator })}
              />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
              <TextField error={undefined} label="Valeur" name={`ask-${index}-value`} value={draft.value} maxLength={200} onChange={(value) => change(index, { value })} />
            </div>
          </div>
          {tca && (
            <CheckboxField
              error={undefined}
              label="Masquer l’élément si le dossier est couplé à une demande de TCA"
              name={`ask-${index}-tca`}
              value={checkedText(draft.masquer_si_tca)}
              onChange={(value) => change(index, { masquer_si_tca: isChecked(value) })}
            />
          )}
          <Button type="button"
            size="small"
            priority="tertiary"
            onClick={() => {
              setDrafts((current) => current.filter((_, i) => i !== index));
              setPreview(null);
            }}
          >
            Retirer la condition {index + 1}
          </Button>
        </fieldset>
      ))}
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-btns-group--sm')}>
        <li>
          <Button type="button"
            priority="secondary"
            onClick={() => {
              setDrafts((current) => [...current, emptyAsk()]);
              setPreview(null);
            }}
          >
            Ajouter une condition
          </Button>
        </li>
        {tryOn && (
          <li>
            <Button type="button" priority="secondary" disabled={previewing} onClick={() => void runPreview()}>
              Prévisualiser les dossiers concernés
            </Button>
          </li>
        )}
      </ul>
      {problem && <Alert severity="error" small role="alert" description={problem} className={fr.cx('fr-mb-2w')} />}
      <div aria-live="polite">{preview && <PreviewResult preview={preview} />}</div>
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
        <li>
          <Button type="button" onClick={apply}>Appliquer les conditions</Button>
        </li>
        <li>
          <Button type="button" priority="tertiary" onClick={onCancel}>
            Annuler
          </Button>
        </li>
      </ul>
    </section>
  );
}

function PreviewResult({ preview }: { preview: ConditionPreview }) {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  return (
    <div className={fr.cx('fr-mb-2w')} data-testid="apercu-conditions">
      <p className={fr.cx('fr-mb-1w', 'fr-text--bold')}>
        {preview.total === 0
          ? 'La campagne n’a encore aucun dossier.'
          : `${plural(preview.correspondants, 'dossier', 'dossiers')} sur ${preview.total} de la campagne ${preview.correspondants > 1 ? 'remplissent' : 'remplit'} ces conditions.`}
      </p>
      {preview.tronque && <p className={fr.cx('fr-text--sm')}>Seuls les dossiers les plus récents de la campagne ont été examinés.</p>}
      {preview.exemples_visibles ? (
        preview.exemples.length > 0 && (
          <>
            <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>Premiers dossiers concernés :</p>
            <ul>
              {preview.exemples.map((d) => (
                <li key={d.id}>
                  <Link to={readingPath(d.id)}>
                    Dossier {d.id_fo}
                    {d.nom ? ` — ${d.nom}` : ''}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )
      ) : (
        <p className={fr.cx('fr-text--sm')}>Les dossiers concernés ne sont nommés qu’aux administrateurs des dispositifs qui lisent tous les dossiers.</p>
      )}
    </div>
  );
}

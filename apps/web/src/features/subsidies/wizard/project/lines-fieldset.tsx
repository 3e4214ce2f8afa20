// A repeatable part of a project (indicators, publics, territories, co-funders): one fieldset per
// line, named by its number, with its fields and a remove button, then an add button. Adding
// focuses the new line's first field; removing focuses the add button (the line is gone).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import type { ReactNode } from 'react';
import { useFocusAfterRender } from '../../../../lib/focus/focus.ts';

interface LinesFieldsetProps<T> {
  /** Id prefix of the lines' inputs: `<idPrefix>-<index>-<field>`. */
  idPrefix: string;
  legend: string;
  hint?: string;
  /** The line's own name: « Indicateur » → « Indicateur 1 ». */
  lineName: string;
  lines: readonly T[];
  readOnly: boolean;
  /** The first field of a line, focused when it is added. */
  firstField: string;
  empty: string;
  /** « Ajouter un indicateur ». */
  addLabel: string;
  /** « Retirer l’indicateur 1 ». */
  removeLabel: (number: number) => string;
  /** The API's cap on these lines (contract DOSSIER_LIMITS): no add button beyond it. */
  max?: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderLine: (line: T, index: number, id: (field: string) => string) => ReactNode;
}

export function LinesFieldset<T>({ idPrefix, legend, hint, lineName, lines, readOnly, firstField, empty, addLabel, removeLabel, max, onAdd, onRemove, renderLine }: LinesFieldsetProps<T>) {
  const moveFocus = useFocusAfterRender();
  const addId = `${idPrefix}-ajouter`;
  return (
    <fieldset id={idPrefix} className={fr.cx('fr-fieldset')} aria-describedby={hint ? `${idPrefix}-hint` : undefined}>
      <legend className={fr.cx('fr-fieldset__legend')}>
        {legend}
        {hint && (
          <span id={`${idPrefix}-hint`} className={fr.cx('fr-hint-text')}>
            {hint}
          </span>
        )}
      </legend>
      {lines.length === 0 && <p className={fr.cx('fr-fieldset__element')}>{empty}</p>}
      {lines.map((line, index) => {
        const id = (field: string) => `${idPrefix}-${index}-${field}`;
        return (
          <fieldset key={index} className={fr.cx('fr-fieldset', 'fr-fieldset__element', 'fr-mb-2w')} data-testid={`${idPrefix}-${index}`}>
            <legend className={fr.cx('fr-fieldset__legend', 'fr-text--md')}>
              {lineName} {index + 1}
            </legend>
            {renderLine(line, index, id)}
            {!readOnly && (
              <div className={fr.cx('fr-fieldset__element')}>
                <Button
                  type="button"
                  size="small"
                  priority="tertiary"
                  iconId="fr-icon-delete-line"
                  onClick={() => {
                    onRemove(index);
                    moveFocus(addId);
                  }}
                >
                  {removeLabel(index + 1)}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {!readOnly && (max === undefined || lines.length < max) && (
        <div className={fr.cx('fr-fieldset__element')}>
          <Button
            id={addId}
            type="button"
            size="small"
            priority="secondary"
            iconId="fr-icon-add-line"
            onClick={() => {
              onAdd();
              moveFocus(`${idPrefix}-${lines.length}-${firstField}`);
            }}
          >
            {addLabel}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

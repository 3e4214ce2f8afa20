// The pages a note shows on, chosen from the route table's pages by their title (page-names.ts):
// a DSFR select and its « Ajouter la page » button, the pages chosen as tags that remove themselves.
// The form keeps them as one value, names separated by commas (the note form's toInput splits it).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { Tag } from '@codegouvfr/react-dsfr/Tag';
import { useId, useRef, useState } from 'react';
import type { FieldBinding } from '../../../lib/forms/use-zod-form.ts';
import { PAGE_OPTIONS, pageTitle } from './page-names.ts';

export const pagesOf = (value: string) => value.split(/[\s,;]+/).filter(Boolean);

export function PagesPicker({ legend, name, value, error, onChange }: FieldBinding & { legend: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const select = useRef<HTMLSelectElement>(null);
  const [candidate, setCandidate] = useState('');
  const [said, setSaid] = useState('');
  const chosen = pagesOf(value);
  const remaining = PAGE_OPTIONS.filter((o) => !chosen.includes(o.value));

  const add = () => {
    if (!candidate || chosen.includes(candidate)) return;
    onChange([...chosen, candidate].join(','));
    setSaid(`Page ajoutée : ${pageTitle(candidate)}.`);
    setCandidate('');
  };
  const remove = (page: string) => {
    onChange(chosen.filter((p) => p !== page).join(','));
    setSaid(`Page retirée : ${pageTitle(page)}.`);
    // The tag's button is gone: the focus goes back to the list of pages.
    select.current?.focus();
  };

  return (
    <fieldset className={fr.cx('fr-fieldset', 'fr-mb-2w')} aria-labelledby={`${id}-legende`}>
      <legend id={`${id}-legende`} className={fr.cx('fr-fieldset__legend')}>
        {legend}
      </legend>
      <div className={fr.cx('fr-fieldset__element')}>
        <Select
          label="Page à ajouter"
          hint="Les pages sont nommées par leur titre, suivi de leur nom technique."
          state={error ? 'error' : 'default'}
          stateRelatedMessage={error}
          nativeSelectProps={{
            id: `field-${name}`,
            ref: select,
            value: candidate,
            'aria-invalid': error ? true : undefined,
            onChange: (event) => setCandidate(event.target.value),
          }}
        >
          <option value="">Choisissez une page</option>
          {remaining.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <Button type="button" priority="secondary" size="small" onClick={add}>
          Ajouter la page
        </Button>
      </div>
      <div className={fr.cx('fr-fieldset__element')}>
        {chosen.length === 0 ? (
          <p className={fr.cx('fr-mb-0')}>Aucune page choisie.</p>
        ) : (
          <ul className={fr.cx('fr-tags-group')} aria-label="Pages choisies">
            {chosen.map((page) => (
              <li key={page}>
                <Tag small dismissible nativeButtonProps={{ type: 'button', 'aria-label': `Retirer la page ${pageTitle(page)}`, onClick: () => remove(page) }}>
                  {pageTitle(page)}
                </Tag>
              </li>
            ))}
          </ul>
        )}
        <p className={fr.cx('fr-sr-only')} role="status">
          {said}
        </p>
      </div>
    </fieldset>
  );
}

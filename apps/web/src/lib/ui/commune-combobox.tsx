// A commune field with search-as-you-type on the portal's address lookup (GET
// /api/proxy-asso/adresse/search, the national address API or the offline commune list): an
// accessible combobox (ARIA 1.2 « combobox » with a listbox popup). The keyboard: ↓ and ↑ move
// among the towns found (opening the list), Entrée picks the active one, Échap closes the list;
// `aria-expanded`, `aria-activedescendant` and a live region saying how many towns were found.
// Picking a town gives its name, postcode and INSEE code; typing only changes the name (the form
// decides what an unpicked name means). Shared by the features that take an address.
import { fr } from '@codegouvfr/react-dsfr';
import { ADDRESS_LOOKUP, externalLookupRoutes, type CommuneFeature } from '@portail/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { callApi } from '../api/index.ts';

export interface PickedCommune {
  commune: string;
  cp: string;
  code_insee: string;
}

/** How the field asks for towns (the lookup by default; a test gives its own). */
export type CommuneSearch = (q: string) => Promise<readonly CommuneFeature[]>;

const searchLookup: CommuneSearch = async (q) => (await callApi(externalLookupRoutes.searchAddress, { query: { q, type: 'municipality', limit: '8' } })).features;

interface CommuneComboboxProps {
  /** The input's id (its label and the form's error links point to it). */
  id: string;
  label: string;
  value: string;
  required?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  maxLength?: number;
  /** The text typed. */
  onChange: (text: string) => void;
  /** A town picked from the list. */
  onPick: (commune: PickedCommune) => void;
  search?: CommuneSearch;
  /** Wait after the last key before asking (ms). */
  delay?: number;
}

export function CommuneCombobox({ id, label, value, required, error, disabled, maxLength, onChange, onPick, search = searchLookup, delay = 250 }: CommuneComboboxProps) {
  const listId = `${id}-liste`;
  const statusId = `${id}-statut`;
  const errorId = `${id}-erreur`;
  const hintId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-aide`;
  const [towns, setTowns] = useState<readonly CommuneFeature[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  /** The text the list answers: a later answer for an older text is dropped. */
  const asked = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function ask(text: string) {
    if (timer.current) clearTimeout(timer.current);
    const q = text.trim();
    asked.current = q;
    if (q.length < ADDRESS_LOOKUP.minLength) {
      setTowns([]);
      setOpen(false);
      setActive(-1);
      setStatus('');
      return;
    }
    timer.current = setTimeout(() => {
      search(q.slice(0, ADDRESS_LOOKUP.maxLength))
        .then((found) => {
          if (asked.current !== q) return;
          setTowns(found);
          setOpen(true);
          setActive(-1);
          setStatus(found.length === 0 ? 'Aucune commune trouvée.' : `${found.length} commune${found.length > 1 ? 's' : ''} trouvée${found.length > 1 ? 's' : ''}. Utilisez les flèches haut et bas pour choisir.`);
        })
        .catch(() => {
          if (asked.current !== q) return;
          setTowns([]);
          setOpen(false);
          setStatus('La recherche de communes ne répond pas : saisissez la commune, son code postal et son code INSEE.');
        });
    }, delay);
  }

  function pick(index: number) {
    const town = towns[index];
    if (!town) return;
    onPick({ commune: town.properties.name, cp: town.properties.postcode, code_insee: town.properties.citycode });
    asked.current = '';
    setOpen(false);
    setActive(-1);
    setStatus(`Commune choisie : ${town.properties.name} (${town.properties.postcode}).`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (towns.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((current) => (current === -1 ? (step === 1 ? 0 : towns.length - 1) : (current + step + towns.length) % towns.length));
    } else if (event.key === 'Enter') {
      // Enter picks the active town, and only then stays out of the form's submission.
      if (open && active >= 0) {
        event.preventDefault();
        pick(active);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const expanded = open && towns.length > 0;
  return (
    <div className={fr.cx('fr-input-group', error ? 'fr-input-group--error' : undefined)} style={{ position: 'relative' }}>
      <label className={fr.cx('fr-label')} htmlFor={id}>
        {label}
        {required ? ' *' : ''}
        <span className={fr.cx('fr-hint-text')} id={hintId}>
          Saisissez au moins {ADDRESS_LOOKUP.minLength} lettres puis choisissez la commune dans la liste.
        </span>
      </label>
      <input
        id={id}
        className={fr.cx('fr-input', error ? 'fr-input--error' : undefined)}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        value={value}
        disabled={disabled}
        maxLength={maxLength}
        onChange={(event) => {
          onChange(event.target.value);
          ask(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Communes trouvées pour ${label.toLowerCase()}`}
        hidden={!expanded}
        style={{
          position: 'absolute', zIndex: 10, left: 0, right: 0, margin: 0, padding: 0, listStyle: 'none',
          background: 'var(--background-default-grey)', border: '1px solid var(--border-default-grey)', boxShadow: '0 4px 8px rgba(0,0,0,.15)',
        }}
      >
        {towns.map((town, index) => (
          <li
            key={`${town.properties.citycode}-${town.properties.postcode}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the input: the pick happens on the click that follows.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(index)}
            style={{ padding: '.5rem .75rem', cursor: 'pointer', background: index === active ? 'var(--background-action-low-blue-france)' : undefined }}
          >
            {town.properties.name} ({town.properties.postcode})
          </li>
        ))}
      </ul>
      <p id={statusId} className={fr.cx('fr-sr-only')} role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p id={errorId} className={fr.cx('fr-error-text')}>
          {error}
        </p>
      )}
    </div>
  );
}

// The registry search form (name, RNA, SIREN or SIRET), checked with the contract's rule before any
// call; used to choose an association to join and to find a network head.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { ASSOCIATION_SEARCH, associationSearchQuerySchema, SEARCH_MESSAGES } from '@portail/contract';
import { useState, type FormEvent } from 'react';

const termSchema = associationSearchQuerySchema.shape.q;

/** Whether a term would be accepted by the search (no message). */
export const isSearchableTerm = (term: string) => termSchema.safeParse(term).success;

interface AssociationSearchFormProps {
  /** Accessible name of the search landmark. */
  ariaLabel: string;
  label: string;
  inputId: string;
  buttonLabel: string;
  initialTerm?: string;
  busy?: boolean;
  /** A message from the server, shown under the field like the form's own. */
  error?: string | undefined;
  className?: string;
  onSearch(term: string): void;
}

export function AssociationSearchForm(props: AssociationSearchFormProps) {
  const [term, setTerm] = useState(props.initialTerm ?? '');
  const [termError, setTermError] = useState<string | undefined>();
  const shownError = termError ?? props.error;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = termSchema.safeParse(term);
    if (!parsed.success) {
      setTermError(parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.termRequired);
      return;
    }
    setTermError(undefined);
    props.onSearch(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate role="search" aria-label={props.ariaLabel} className={props.className}>
      <Input
        label={props.label}
        state={shownError ? 'error' : 'default'}
        stateRelatedMessage={shownError}
        nativeInputProps={{
          id: props.inputId,
          name: 'q',
          type: 'search',
          value: term,
          maxLength: ASSOCIATION_SEARCH.maxLength,
          'aria-invalid': shownError ? true : undefined,
          onChange: (event) => {
            setTerm(event.target.value);
            setTermError(undefined);
          },
        }}
      />
      <Button type="submit" iconId="fr-icon-search-line" disabled={props.busy ?? false}>
        {props.buttonLabel}
      </Button>
    </form>
  );
}

// A budget amount in whole euros (budget tables of the dossier and of its financial report): a
// number input that gives the parent a non-negative integer, or undefined once emptied or unreadable.
import { fr } from '@codegouvfr/react-dsfr';

interface WholeEurosInputProps {
  id: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** When the input's label is not a <label for> (a table whose row header names another thing). */
  ariaLabel?: string;
}

export function WholeEurosInput({ id, value, onChange, ariaLabel }: WholeEurosInputProps) {
  return (
    <input
      id={id}
      className={fr.cx('fr-input')}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      aria-label={ariaLabel}
      value={value ?? ''}
      onChange={(event) => {
        const raw = event.target.value.trim();
        const parsed = raw === '' ? undefined : Math.max(0, Math.trunc(Number(raw)));
        onChange(parsed !== undefined && Number.isFinite(parsed) ? parsed : undefined);
      }}
    />
  );
}

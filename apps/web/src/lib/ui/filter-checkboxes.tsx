// A list filter as a row of small DSFR checkboxes (the member's dossiers list and the instructors'
// work list): each box toggles one value of the filter.
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';

export interface FilterCheckboxesProps<V extends string | number> {
  legend: string;
  /** The filter's name (the query parameter it fills). */
  name: string;
  options: readonly { value: V; label: string }[];
  selected: readonly V[];
  onToggle: (value: V) => void;
}

export function FilterCheckboxes<V extends string | number>({ legend, name, options, selected, onToggle }: FilterCheckboxesProps<V>) {
  return (
    <Checkbox
      legend={legend}
      small
      orientation="horizontal"
      options={options.map((o) => ({
        label: o.label,
        nativeInputProps: { name, value: String(o.value), checked: selected.includes(o.value), onChange: () => onToggle(o.value) },
      }))}
    />
  );
}

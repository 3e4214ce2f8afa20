// The buttons under a step: back, and save-then-continue (hidden in read mode).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';

export function StepActions({
  readOnly,
  saving,
  onBack,
  label = 'Enregistrer et continuer',
  busyLabel = 'Enregistrement…',
}: {
  readOnly: boolean;
  saving: boolean;
  onBack?: (() => void) | undefined;
  label?: string;
  /** Said while the step is sent. */
  busyLabel?: string;
}) {
  return (
    <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-4w')}>
      {onBack && (
        <li>
          <Button type="button" priority="secondary" onClick={onBack}>
            Étape précédente
          </Button>
        </li>
      )}
      {!readOnly && (
        <li>
          <Button type="submit" disabled={saving}>
            {saving ? busyLabel : label}
          </Button>
        </li>
      )}
    </ul>
  );
}

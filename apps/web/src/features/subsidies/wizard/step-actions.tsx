// The buttons under a step: back, and save-then-continue (hidden in read mode).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';

export function StepActions({ readOnly, saving, onBack, label = 'Enregistrer et continuer' }: { readOnly: boolean; saving: boolean; onBack?: () => void; label?: string }) {
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
            {saving ? 'Enregistrement…' : label}
          </Button>
        </li>
      )}
    </ul>
  );
}

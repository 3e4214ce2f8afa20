// Says that a form shows input restored from its draft (unsaved), and offers the saved version back.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';

export function DraftNotice({ restored, onDiscard }: { restored: boolean; onDiscard: () => void }) {
  if (!restored) return null;
  return (
    <Alert
      className={fr.cx('fr-mb-3w')}
      severity="info"
      small
      description={
        <>
          Votre saisie non enregistrée a été restaurée : enregistrez pour la conserver.{' '}
          <Button priority="tertiary no outline" size="small" type="button" onClick={onDiscard}>
            Revenir à la version enregistrée
          </Button>
        </>
      }
    />
  );
}

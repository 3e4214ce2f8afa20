// The form-level error (server message or "check the fields"), announced to screen readers.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { fr } from '@codegouvfr/react-dsfr';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert className={fr.cx('fr-mb-3w')} severity="error" small description={message} role="alert" />;
}

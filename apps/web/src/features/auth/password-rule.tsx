// The password rule (docs/domain.md « Champs »), shown once above the password fields and linked to them.
import { fr } from '@codegouvfr/react-dsfr';
import { MESSAGES } from '@portail/contract';

export const PASSWORD_RULE_ID = 'password-rule';

export function PasswordRule() {
  return (
    <p id={PASSWORD_RULE_ID} className={fr.cx('fr-hint-text', 'fr-mb-2w')}>
      {MESSAGES.passwordRule}
    </p>
  );
}

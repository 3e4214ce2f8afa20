// Cookie banner of the default layout (DSFR consent banner markup).
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { readConsent, saveConsent, type ConsentChoice } from './cookie-consent.ts';

export function CookieBanner() {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => readConsent(localStorage, Date.now()));
  if (choice) return null;

  const decide = (value: ConsentChoice) => {
    saveConsent(localStorage, value, Date.now());
    setChoice(value);
  };

  return (
    <div className={fr.cx('fr-consent-banner')} role="region" aria-label="Gestion des cookies">
      <h2 className={fr.cx('fr-h6')}>À propos des cookies sur Le compte association</h2>
      <div>
        <p className={fr.cx('fr-text--sm')}>
          Ce site utilise des cookies et un stockage local nécessaires à son bon fonctionnement (session, préférences
          d'affichage). Aucun cookie publicitaire n'est déposé. Pour en savoir plus, consultez les{' '}
          <Link to="/mentions-legales">mentions légales</Link>.
        </p>
      </div>
      <ul
        className={fr.cx(
          'fr-consent-banner__buttons',
          'fr-btns-group',
          'fr-btns-group--right',
          'fr-btns-group--inline-sm',
        )}
      >
        <li>
          <Button onClick={() => decide('accepted')} title="Autoriser tous les cookies">
            Tout accepter
          </Button>
        </li>
        <li>
          <Button priority="secondary" onClick={() => decide('refused')} title="Refuser les cookies non nécessaires">
            Tout refuser
          </Button>
        </li>
      </ul>
    </div>
  );
}

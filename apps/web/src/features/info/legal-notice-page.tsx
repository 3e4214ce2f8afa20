// /mentions-legales: publisher, hosting, personal data, cookies, accessibility.
import { Link } from 'react-router-dom';
import { Page } from '../shell/index.ts';

export function LegalNoticePage() {
  return (
    <Page title="Mentions légales">
      <h2>Éditeur</h2>
      <p>
        Le compte association est édité par la direction de la jeunesse, de l'éducation populaire et de la vie
        associative (DJEPVA), 95 avenue de France, 75013 Paris.
      </p>
      <h2>Directeur de la publication</h2>
      <p>Le directeur de la jeunesse, de l'éducation populaire et de la vie associative.</p>
      <h2>Hébergement</h2>
      <p>Le service est hébergé en France par un prestataire de l'État.</p>
      <h2>Données personnelles</h2>
      <p>
        Les données saisies (identité, adresse électronique, informations des associations) servent uniquement à la
        gestion des comptes et à l'instruction des demandes. Conformément au règlement général sur la protection des
        données, vous disposez d'un droit d'accès, de rectification et d'effacement, que vous pouvez exercer auprès de
        l'assistance.
      </p>
      <h2>Cookies</h2>
      <p>
        Le site n'utilise que des cookies et un stockage local nécessaires à son fonctionnement : maintien de la
        session, mémorisation de votre choix sur les cookies (395 jours) et des informations que vous avez masquées.
      </p>
      <h2>Accessibilité</h2>
      <p>
        Le compte association n'a pas encore fait l'objet d'un audit de conformité au référentiel général
        d'amélioration de l'accessibilité (RGAA) : il est donc déclaré non conforme. La{' '}
        <Link to="/accessibilite">déclaration d'accessibilité</Link> dit ce qui est vérifié et comment signaler un
        défaut.
      </p>
    </Page>
  );
}

// DSFR footer with the information pages and the version.
import { Footer } from '@codegouvfr/react-dsfr/Footer';
import { APP_VERSION } from './app-version.ts';

/** RGAA: without a full audit a service declares itself non compliant (see /accessibilite). */
const ACCESSIBILITY_STATUS = 'non compliant';

export function SiteFooter() {
  return (
    <Footer
      accessibility={ACCESSIBILITY_STATUS}
      accessibilityLinkProps={{ to: '/accessibilite' }}
      contentDescription="Le compte association permet aux associations de tenir à jour leur dossier administratif et de déposer leurs demandes de subvention, d'agrément, de numéro SIRET et de remboursement Pass'Sport, et aux services instructeurs de les traiter."
      termsLinkProps={{ to: '/mentions-legales' }}
      websiteMapLinkProps={{ to: '/plan' }}
      bottomItems={[
        { text: 'FAQ', linkProps: { to: '/faq' } },
        { text: 'Assistance', linkProps: { to: '/assistance' } },
        <span key="version" className="fr-footer__bottom-link">
          Version {APP_VERSION}
        </span>,
      ]}
    />
  );
}

// Pages whose features come in later issues: they exist, say so and say what they will do.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Notice } from '@codegouvfr/react-dsfr/Notice';
import { Page } from './page.tsx';
import { UPCOMING_PAGES } from './upcoming-pages.ts';

export const PLACEHOLDER_TEXT = 'Cette page sera disponible prochainement.';

/** The page of the route named `name`, still to come: what it will hold (upcoming-pages.ts). */
export function PlaceholderPage({ name, title }: { name: string; title: string }) {
  const description = UPCOMING_PAGES[name];
  return (
    <Page title={title}>
      <Notice title={PLACEHOLDER_TEXT} />
      {description && <p className={fr.cx('fr-mt-3w')}>{description}</p>}
      <Button priority="secondary" linkProps={{ to: '/' }}>
        Retour à l'accueil
      </Button>
    </Page>
  );
}

// Pages whose features come in later issues: they exist, say so and say what they will do.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Notice } from '@codegouvfr/react-dsfr/Notice';
import { Page } from './page.tsx';

export const PLACEHOLDER_TEXT = 'Cette page sera disponible prochainement.';

export function PlaceholderPage({ title, description, link }: { title: string; description: string; link?: { to: string; label: string } | undefined }) {
  return (
    <Page title={title}>
      <Notice title={PLACEHOLDER_TEXT} />
      <p className={fr.cx('fr-mt-3w')}>{description}</p>
      {link && (
        <p>
          <Button linkProps={{ to: link.to }}>{link.label}</Button>
        </p>
      )}
      <Button priority="secondary" linkProps={{ to: '/' }}>
        Retour à l'accueil
      </Button>
    </Page>
  );
}

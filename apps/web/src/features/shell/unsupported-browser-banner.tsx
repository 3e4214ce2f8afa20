// Warning shown to browsers lacking what the portal needs (docs/domain.md « Parcours »).
import { Notice } from '@codegouvfr/react-dsfr/Notice';
import { isBrowserSupported, type BrowserEnv } from './browser-support.ts';

export function UnsupportedBrowserBanner({ env = globalThis as BrowserEnv }: { env?: BrowserEnv }) {
  if (isBrowserSupported(env)) return null;
  return (
    <Notice
      severity="warning"
      title="Votre navigateur n'est pas pris en charge."
      description="Certaines fonctionnalités du compte association risquent de ne pas fonctionner. Utilisez une version récente de Firefox, Chrome, Edge ou Safari."
    />
  );
}

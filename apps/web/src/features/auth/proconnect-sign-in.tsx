// The agents' way in with ProConnect (docs/security.md « ProConnect »): shown only when the server
// says ProConnect is on. The button asks the server for the provider's URL (the flow's secrets stay
// in the server's signed cookie) and the browser goes there; the provider sends it back to
// /connexion/proconnect (proconnect-callback-page.tsx).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { ProConnectButton } from '@codegouvfr/react-dsfr/ProConnectButton';
import { api, MESSAGES } from '@portail/contract';
import { useEffect, useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { rememberProconnectRedirect } from '../../lib/session/proconnect.ts';

export function ProConnectSignIn({ redirectUrl }: { redirectUrl: string | null }) {
  // Hidden until the server says ProConnect is on (and when it cannot say).
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    let current = true;
    callApi(api.auth.proconnectSettings, {}).then(
      (settings) => current && setActive(settings.active),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!active) return null;

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      const { url } = await callApi(api.auth.proconnectAuthorize, {});
      rememberProconnectRedirect(redirectUrl);
      window.location.assign(url);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.proconnectUnavailable));
      setStarting(false);
    }
  };

  return (
    <section aria-labelledby="proconnect-titre" className={fr.cx('fr-mb-4w')}>
      <h2 id="proconnect-titre" className={fr.cx('fr-h5')}>
        Vous êtes agent de l'État ?
      </h2>
      <p>Les agents des services instructeurs et les administrateurs déjà inscrits peuvent se connecter avec ProConnect.</p>
      <ProConnectButton onClick={() => void (starting ? undefined : start())} />
      {error && <Alert severity="error" small description={error} className={fr.cx('fr-mt-2w')} />}
      <hr className={fr.cx('fr-mt-4w')} />
    </section>
  );
}

// /validate/:token: validates the e-mail address on arrival: a login address (the stored session is
// then stale: cleared, sign in again) or a service's contact address (nothing to do with whoever is
// signed in on this browser: the session stays). The server's message says which.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { session } from '../../lib/session/session-store.ts';
import { Page } from '../shell/index.ts';

export function ValidatePage() {
  const { token } = useParams();
  // A query, not an effect: it runs once per token even under StrictMode's double mount.
  const validation = useQuery({
    queryKey: ['validate', token],
    queryFn: () => callApi(api.auth.validate, { params: { token: token ?? '' } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  // The stored session still says "not enabled": the next login brings a fresh one.
  const login = validation.data?.adresse === 'connexion';
  useEffect(() => {
    if (login) session.clear();
  }, [login]);

  return (
    <Page title="Validation de l'adresse électronique" narrow>
      {!token && <Alert severity="error" small description={MESSAGES.invalidToken} />}
      {validation.isPending && token && <p aria-busy="true">Validation en cours…</p>}
      {validation.isError && (
        <Alert severity="error" small description={errorMessage(validation.error, MESSAGES.invalidToken)} />
      )}
      {validation.isSuccess && <Alert severity="success" small description={validation.data.message} />}
      {!(validation.isSuccess && !login) && (
        <div className={fr.cx('fr-mt-4w')}>
          <Button linkProps={{ to: '/login' }}>Se connecter</Button>
        </div>
      )}
    </Page>
  );
}

// /validate/:token: validates the e-mail address on arrival.
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
  useEffect(() => {
    if (validation.isSuccess) session.clear();
  }, [validation.isSuccess]);

  return (
    <Page title="Validation de l'adresse électronique" narrow>
      {!token && <Alert severity="error" small description={MESSAGES.invalidToken} />}
      {validation.isPending && token && <p aria-busy="true">Validation en cours…</p>}
      {validation.isError && (
        <Alert severity="error" small description={errorMessage(validation.error, MESSAGES.invalidToken)} />
      )}
      {validation.isSuccess && <Alert severity="success" small description={MESSAGES.accountValidated} />}
      <div className={fr.cx('fr-mt-4w')}>
        <Button linkProps={{ to: '/login' }}>Se connecter</Button>
      </div>
    </Page>
  );
}

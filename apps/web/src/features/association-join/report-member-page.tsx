// /rattachement/signalement/:token: the « Je ne connais pas cette personne » link of a join mail.
// Opening the page changes nothing (mail scanners follow links); only the button detaches the member.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, MESSAGES } from '@portail/contract';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { Page } from '../shell/index.ts';

export function ReportMemberPage() {
  const { token = '' } = useParams();
  const report = useMutation({ mutationFn: () => callApi(api.lca.reportMember, { params: { token } }) });

  return (
    <Page title="Signaler un rattachement" narrow>
      {report.isSuccess ? (
        <Alert severity="success" small role="status" description={report.data.message} />
      ) : (
        <>
          <p>
            Vous avez reçu un courriel indiquant qu’une personne s’est rattachée à votre association sur le compte
            association. Si vous ne la connaissez pas, confirmez-le : elle sera détachée de l’association, en sera
            informée, et ce détachement sera inscrit au journal des modifications de l’association.
          </p>
          {report.isError && (
            <Alert
              severity="error"
              small
              role="alert"
              className={fr.cx('fr-mb-3w')}
              description={errorMessage(report.error, MESSAGES.invalidToken)}
            />
          )}
          <Button onClick={() => report.mutate()} disabled={report.isPending || !token}>
            Je ne connais pas cette personne
          </Button>
        </>
      )}
    </Page>
  );
}

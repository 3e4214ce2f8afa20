// The food-aid sites of a HAA approval dossier's association, as its instructing service reads them
// (GET /demande/dossiers/:id/agrement/sites-aide-alimentaire): the sites the association declares
// in its file today, in the shared sites' table (features/haa-sites), read only; the server's French
// message when they cannot be read.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { approvalDossierRoutes, MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { HaaSitesTable } from '../../haa-sites/index.ts';

export function ApprovalFoodAidSites({ dossierId }: { dossierId: string }) {
  const sites = useQuery({
    queryKey: ['approval-dossier', dossierId, 'food-aid-sites'],
    queryFn: () => callApi(approvalDossierRoutes.getApprovalDossierHaaSites, { params: { id: dossierId } }),
    retry: false,
  });
  return (
    <section aria-labelledby="titre-sites-haa" className={fr.cx('fr-mb-4w')}>
      <h3 id="titre-sites-haa" className={fr.cx('fr-h6')}>
        Sites d’aide alimentaire
      </h3>
      <p>Les sites de distribution que l’association déclare aujourd’hui dans son dossier administratif, avec leurs adresses, horaires et périodes de fermeture.</p>
      {sites.error ? (
        <Alert severity="error" small role="alert" description={errorMessage(sites.error, MESSAGES.httpEmpty)} />
      ) : (
        <HaaSitesTable sites={sites.data} loading={sites.isPending} failed={false} />
      )}
    </section>
  );
}

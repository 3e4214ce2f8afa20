// /repertoire-des-subventions: the open campaigns (rds-server GET /subventions with their
// sub-schemes) and the schemes' labels (GET /dispositifs); an association member applies with their
// first association.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { isLcaRole, MESSAGES, rdsSchemeRoutes } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { creationPath } from './paths.ts';
import { SubsidyDirectory } from './subsidy-directory.tsx';

export function DirectoryPage() {
  const { user } = useSession();
  const subventions = useQuery({
    queryKey: ['subventions', 'open'],
    queryFn: () => callApi(rdsSchemeRoutes.listSubventions, { query: { active: 'true', populate: 'sous_dispositifs' } }),
    retry: false,
  });
  const dispositifs = useQuery({
    queryKey: ['dispositifs'],
    queryFn: () => callApi(rdsSchemeRoutes.listDispositifs, { query: { fields: 'code,label,duree_pluriannuelle' } }),
    retry: false,
  });
  const association = userAssociations(user)[0];
  const mayApply = isLcaRole(user?.role ?? '') && association !== undefined;
  // The scheme's label as the schemes list names it (the campaign carries its own copy).
  const labels = new Map((dispositifs.data ?? []).map((d) => [d.code, d.label]));
  const entries = (subventions.data ?? []).map((s) => ({
    ...s,
    dispositif: { ...s.dispositif, label: labels.get(s.dispositif.code) ?? s.dispositif.label },
  }));

  return (
    <Page title="Répertoire des subventions" lead="Les subventions ouvertes, leurs sous-dispositifs et leurs dates de dépôt.">
      {subventions.isPending && <p>Chargement des subventions…</p>}
      {subventions.isError && <Alert severity="error" small role="alert" description={errorMessage(subventions.error, MESSAGES.httpEmpty)} />}
      {subventions.data && (
        <SubsidyDirectory subventions={entries} applyPath={mayApply ? (code) => creationPath(association.id_correspondance, code) : null} />
      )}
    </Page>
  );
}

// The reads every dossier screen starts from (the member's and the instructing service's): the
// dossier, its full projects, and its subvention with what it expects.
import { dossierRoutes, rdsSchemeRoutes, SUBVENTION_POPULATE } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';
import { loadProjects } from './dossier-api.ts';

export function useDossier(id: string) {
  const view = useQuery({ queryKey: ['dossier', id], queryFn: () => callApi(dossierRoutes.getDossier, { params: { id }, query: {} }), retry: false });
  const projets = useQuery({ queryKey: ['dossier', id, 'projets'], queryFn: () => loadProjects(id), retry: false });
  const code = view.data?.description.code_subvention;
  const subvention = useQuery({
    queryKey: ['subvention', code],
    queryFn: () => callApi(rdsSchemeRoutes.getSubvention, { params: { code: code! }, query: { populate: SUBVENTION_POPULATE.join(',') } }),
    enabled: code !== undefined,
    retry: false,
  });
  return { view, projets, subvention };
}

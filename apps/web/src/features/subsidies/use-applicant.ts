// Who applies for a new dossier (a subsidy's or an approval's): the association's establishments and
// the SIRET that asks. A secondary establishment's member asks for their establishment, the others
// for the head office (the server refuses what the rules refuse, saying why).
import { associationRoutes, type UserAssociationLink } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';

export function useApplicant(idAsso: string | null, link: UserAssociationLink | undefined) {
  const etablissements = useQuery({
    queryKey: ['association-etablissements', idAsso],
    queryFn: () => callApi(associationRoutes.getEtablissements, { query: { id_asso: idAsso! } }),
    enabled: idAsso !== null,
    retry: false,
  });
  const siret =
    (link?.type === 'Etablissement secondaire' ? link.id_siret : null) ??
    etablissements.data?.find((e) => e.est_siege)?.siret ??
    link?.siegeSiret ??
    null;
  return { etablissements, siret };
}

// Queries of the administrative file (proxy-asso) and the referentials its forms offer.
import { api, type ReferentielOption } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';

export const adminKeys = {
  identite: (idAsso: string) => ['administrative-info', idAsso, 'identite'] as const,
  etablissements: (idAsso: string) => ['administrative-info', idAsso, 'etablissements'] as const,
  ribs: (idAsso: string, siret: string | null) => ['administrative-info', idAsso, 'ribs', siret] as const,
  representants: (idAsso: string, siret: string | null) =>
    ['administrative-info', idAsso, 'representants', siret] as const,
  budgets: (idAsso: string) => ['administrative-info', idAsso, 'budgets'] as const,
  /** comptes, rhs, agrements, reseaux. */
  part: (idAsso: string, part: string) => ['administrative-info', idAsso, part] as const,
};

export function useIdentite(idAsso: string) {
  return useQuery({
    queryKey: adminKeys.identite(idAsso),
    queryFn: () => callApi(api.association.getIdentite, { query: { id_asso: idAsso } }),
    retry: false,
  });
}

export function useEtablissements(idAsso: string) {
  return useQuery({
    queryKey: adminKeys.etablissements(idAsso),
    queryFn: () => callApi(api.association.getEtablissements, { query: { id_asso: idAsso } }),
    retry: false,
  });
}

/** Invalidates every query of the association's file (after a write). */
export function useRefreshFile(idAsso: string) {
  const queryClient = useQueryClient();
  return (part?: string) =>
    void queryClient.invalidateQueries({
      queryKey: part ? ['administrative-info', idAsso, part] : ['administrative-info', idAsso],
    });
}

/** The options of a referential; an unreadable referential gives an empty list (and isError). */
export function useReferentielOptions(type: string) {
  return useQuery({
    queryKey: ['referentiel', type],
    queryFn: async (): Promise<ReferentielOption[]> =>
      (await callApi(api.referentiels.get, { query: { type } })).options,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

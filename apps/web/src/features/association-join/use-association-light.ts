// The registry view of the association chosen in choix-association (GET /association-light).
import { api, associationLightSchema } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';

export function useAssociationLight(idCorrespondance: string | null) {
  return useQuery({
    queryKey: ['association-light', idCorrespondance],
    // Without include/exclude the server answers the whole view: check it as such.
    queryFn: async () =>
      associationLightSchema.parse(await callApi(api.associationLight.getLight, { query: { q: idCorrespondance! } })),
    enabled: idCorrespondance !== null,
    retry: false,
  });
}

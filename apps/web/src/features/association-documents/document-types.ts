// Document types (referential "types-documents"): labels, and the kind (meta.categorie) that the
// kind filter reads. The page still works, showing codes, when the referential cannot be read.
import { api, type ReferentielOption } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';

/** docs/domain.md « Parcours »: the kind filter offers Demande, Projet, Agrément ('' = all). */
export const DOCUMENT_KINDS = ['Demande', 'Projet', 'Agrément'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DocumentType {
  code: string;
  label: string;
  categorie: string | null;
}

export function toDocumentType(option: ReferentielOption): DocumentType {
  const categorie = option.meta?.['categorie'];
  return { code: option.value, label: option.label, categorie: typeof categorie === 'string' ? categorie : null };
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: ['referentiel', 'types-documents'],
    queryFn: async () => {
      const referentiel = await callApi(api.referentiels.get, { query: { type: 'types-documents' } });
      return referentiel.options.map(toDocumentType);
    },
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

// Registry search rules (docs/domain.md « Champs », « Appels de l'API »): a SIREN, SIRET or RNA
// term is an exact identifier lookup, anything else a ranked, paginated name search on
// nom_recherche (accent- and case-insensitive).
import {
  ASSOCIATION_SEARCH,
  isValidSiren,
  isValidSiret,
  readSearchTerm,
  type AssociationSearchItem,
  type AssociationSearchQuery,
  type AssociationSearchResult,
} from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import { normaliseSearchText } from './text.ts';
import type { SearchRepository, SearchRow } from './repository.ts';

const toItem = (row: SearchRow): AssociationSearchItem => ({
  id_correspondance: row.id,
  nom: row.nom,
  sigle: row.sigle,
  id_rna: row.id_rna,
  id_siren: row.id_siren,
  id_siret_siege: row.id_siret_siege,
  cp: row.cp,
  commune: row.commune,
  nb_etablissements: row.nb_etablissements,
  ...(row.id_siret ? { id_siret: row.id_siret } : {}),
});

export function createSearchService(repository: SearchRepository) {
  return {
    async search({ q, page, limit }: AssociationSearchQuery): Promise<AssociationSearchResult> {
      const term = readSearchTerm(q);
      const offset = (page - 1) * limit;
      if (term.kind !== 'name') {
        if (term.kind === 'siren' && !isValidSiren(term.value)) throw appError('BAD_SIREN');
        if (term.kind === 'siret' && !isValidSiret(term.value)) throw appError('BAD_SIRET');
        const rows =
          term.kind === 'siren' ? await repository.findBySiren(term.value)
          : term.kind === 'siret' ? await repository.findBySiret(term.value)
          : await repository.findByRna(term.value);
        return {
          type: term.kind, total: rows.length, total_exact: true, page, limit,
          items: rows.slice(offset, offset + limit).map(toItem),
        };
      }
      const text = normaliseSearchText(term.value);
      if (text.length < ASSOCIATION_SEARCH.minLength) throw appError('SEARCH_TERM_TOO_SHORT');
      if (offset >= ASSOCIATION_SEARCH.countCap) throw appError('SEARCH_BEYOND_CAP');
      // Misspelt words are corrected against the dictionary of the names' words first; should the
      // corrected term find nothing, the term as typed is searched.
      const options = { offset, limit, countCap: ASSOCIATION_SEARCH.countCap };
      const corrected = await repository.correctTerm(text);
      let found = await repository.searchByName(corrected.term, { ...options, frequencies: corrected.frequencies });
      if (corrected.corrections.length > 0 && found.total === 0) found = await repository.searchByName(text, options);
      return {
        type: 'nom', total: found.total, total_exact: found.totalExact, page, limit, items: found.rows.map(toItem),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

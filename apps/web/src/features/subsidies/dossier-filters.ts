// The /dossiers filters kept in the URL query (spec §2: exercices, etats, statuts, searchQuery…),
// as repeated parameters, so that a filtered list can be bookmarked, shared and reloaded. Pure.
import { DOSSIER_STATES, DOSSIER_STATUTS } from '@portail/contract';

export interface DossierFilters {
  exercices: number[];
  etats: string[];
  statuts: string[];
  searchQuery: string;
  /** 1-based page of the list. */
  page: number;
}

export const EMPTY_FILTERS: DossierFilters = { exercices: [], etats: [], statuts: [], searchQuery: '', page: 1 };

const unique = <T,>(values: T[]) => [...new Set(values)];

/** The filters a query string holds; unknown states, statuts and malformed years are dropped. */
export function readFilters(params: URLSearchParams): DossierFilters {
  const exercices = unique(
    params
      .getAll('exercices')
      .filter((v) => /^\d{4}$/.test(v))
      .map(Number),
  ).sort((a, b) => b - a);
  const etats = unique(params.getAll('etats').filter((v) => (DOSSIER_STATES as readonly string[]).includes(v)));
  const statuts = unique(params.getAll('statuts').filter((v) => (DOSSIER_STATUTS as readonly string[]).includes(v)));
  const page = Number(params.get('page'));
  return {
    exercices,
    etats,
    statuts,
    searchQuery: (params.get('searchQuery') ?? '').trim(),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of these filters (empty ones left out; page 1 left out). */
export function writeFilters(filters: DossierFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const exercice of filters.exercices) params.append('exercices', String(exercice));
  for (const etat of filters.etats) params.append('etats', etat);
  for (const statut of filters.statuts) params.append('statuts', statut);
  if (filters.searchQuery.trim()) params.set('searchQuery', filters.searchQuery.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Toggles one value of a list filter; any change of filter goes back to page 1. */
export function toggle<K extends 'exercices' | 'etats' | 'statuts'>(
  filters: DossierFilters,
  key: K,
  value: DossierFilters[K][number],
): DossierFilters {
  const list = filters[key] as (string | number)[];
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return { ...filters, [key]: next, page: 1 };
}

/** The exercise years offered: the current one and the two before (spec §9: a window of 3 exercises), plus any chosen. */
export function exerciseChoices(currentYear: number, chosen: readonly number[] = []): number[] {
  return unique([currentYear + 1, currentYear, currentYear - 1, currentYear - 2, ...chosen]).sort((a, b) => b - a);
}

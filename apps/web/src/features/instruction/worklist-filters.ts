// The work list's filters, sort and page kept in the URL query (spec §2: exercices, etats, statuts,
// searchQuery, service, dispositif, createdBy, createdByType, includeDeleted; the dossiers with
// unread messages; sort, order; the
// keyset cursor of the page shown), as repeated parameters, so that a filtered list can be
// bookmarked, shared and reloaded; and the contract's query they make. Pure.
import { CREATED_BY_TYPES, DOSSIER_STATES, DOSSIER_STATUTS, type DossierState, isUuid, WORKLIST_SORTS, type WorklistFilters, type WorklistSort } from '@portail/contract';

type Statut = (typeof DOSSIER_STATUTS)[number];
type CreatorType = (typeof CREATED_BY_TYPES)[number];

export interface WorklistState {
  exercices: number[];
  etats: DossierState[];
  statuts: Statut[];
  searchQuery: string;
  services: string[];
  dispositifs: string[];
  createdBy: string[];
  createdByType: CreatorType[];
  includeDeleted: boolean;
  /** Only the dossiers with messages the caller has not read. */
  unreadMessages: boolean;
  sort: WorklistSort;
  order: 'asc' | 'desc';
  /** The keyset cursor of the page shown (null: the first page). */
  cursor: string | null;
}

export type ListKey = 'exercices' | 'etats' | 'statuts' | 'services' | 'dispositifs' | 'createdBy' | 'createdByType';

export const EMPTY_WORKLIST: WorklistState = {
  exercices: [],
  etats: [],
  statuts: [],
  searchQuery: '',
  services: [],
  dispositifs: [],
  createdBy: [],
  createdByType: [],
  includeDeleted: false,
  unreadMessages: false,
  sort: 'updated_at',
  order: 'desc',
  cursor: null,
};

/** The query parameter of the unread-messages filter (the dashboard links to the list with it). */
export const UNREAD_MESSAGES_FILTER = 'messages_non_lus';

const unique = <T,>(values: T[]) => [...new Set(values)];
const among = <T extends string>(allowed: readonly T[], values: string[]) => unique(values.filter((v): v is T => (allowed as readonly string[]).includes(v)));

/** The state a query string holds; unknown values and malformed ids or years are dropped. */
export function readWorklist(params: URLSearchParams): WorklistState {
  const sort = params.get('sort');
  return {
    exercices: unique(params.getAll('exercices').filter((v) => /^\d{4}$/.test(v)).map(Number)).sort((a, b) => b - a),
    etats: among(DOSSIER_STATES, params.getAll('etats')),
    statuts: among(DOSSIER_STATUTS, params.getAll('statuts')),
    searchQuery: (params.get('searchQuery') ?? '').trim(),
    services: unique(params.getAll('service').filter((v) => isUuid(v))),
    dispositifs: unique(params.getAll('dispositif').filter((v) => isUuid(v))),
    createdBy: unique(params.getAll('createdBy').filter((v) => isUuid(v))),
    createdByType: among(CREATED_BY_TYPES, params.getAll('createdByType')),
    includeDeleted: params.get('includeDeleted') === 'true',
    unreadMessages: params.get(UNREAD_MESSAGES_FILTER) === 'true',
    sort: (WORKLIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as WorklistSort) : 'updated_at',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    cursor: params.get('cursor') || null,
  };
}

/** The query string of this state (empty filters, the default sort and the first page left out). */
export function writeWorklist(state: WorklistState): URLSearchParams {
  const params = new URLSearchParams();
  for (const v of state.exercices) params.append('exercices', String(v));
  for (const v of state.etats) params.append('etats', v);
  for (const v of state.statuts) params.append('statuts', v);
  if (state.searchQuery.trim()) params.set('searchQuery', state.searchQuery.trim());
  for (const v of state.services) params.append('service', v);
  for (const v of state.dispositifs) params.append('dispositif', v);
  for (const v of state.createdBy) params.append('createdBy', v);
  for (const v of state.createdByType) params.append('createdByType', v);
  if (state.includeDeleted) params.set('includeDeleted', 'true');
  if (state.unreadMessages) params.set(UNREAD_MESSAGES_FILTER, 'true');
  if (state.sort !== 'updated_at') params.set('sort', state.sort);
  if (state.order !== 'desc') params.set('order', state.order);
  if (state.cursor) params.set('cursor', state.cursor);
  return params;
}

/** The contract's filters of this state (the list, the counts, the exports and « select all » share them). */
export function filtersOf(state: WorklistState, { withEtats = true } = {}): WorklistFilters {
  return {
    ...(state.exercices.length ? { exercices: state.exercices } : {}),
    ...(withEtats && state.etats.length ? { etats: state.etats } : {}),
    ...(state.statuts.length ? { statuts: state.statuts } : {}),
    ...(state.searchQuery ? { searchQuery: state.searchQuery } : {}),
    ...(state.services.length ? { id_service_instructeur: state.services } : {}),
    ...(state.dispositifs.length ? { id_type_dispositif: state.dispositifs } : {}),
    ...(state.createdBy.length ? { createdBy: state.createdBy } : {}),
    ...(state.createdByType.length ? { createdByType: state.createdByType } : {}),
    ...(state.includeDeleted ? { includeDeleted: true } : {}),
    ...(state.unreadMessages ? { messages_non_lus: true } : {}),
  };
}

/** Toggles one value of a list filter; any change of filter or sort goes back to the first page. */
export function toggleValue<K extends ListKey>(state: WorklistState, key: K, value: WorklistState[K][number]): WorklistState {
  const list = state[key] as (string | number)[];
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return { ...state, [key]: next, cursor: null };
}

/** The state with some fields changed, back on the first page. */
export function withChanges(state: WorklistState, changes: Partial<Omit<WorklistState, 'cursor'>>): WorklistState {
  return { ...state, ...changes, cursor: null };
}

/** The same filters and sort: what a selection and the pages' cursors belong to. */
export function filtersKey(state: WorklistState): string {
  return writeWorklist({ ...state, cursor: null }).toString();
}

// Referential rules: filtering and limits of the lists, 404 on unknown type, full-replacement edits
// refused when they change nothing ('Aucun changement n'a été détécté.').
import {
  DEFAULT_OPTIONS_LIMIT,
  LARGE_REFERENTIEL_THRESHOLD,
  normaliseSearchText,
  type Referentiel,
  type ReferentielPatch,
  type ReferentielsQuery,
} from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { OptionRow, ReferentielFilter, ReferentielRepository } from './repository.ts';

type Found = Awaited<ReturnType<ReferentielRepository['find']>>[number];

function searchOf(filterOptions: string | undefined): ReferentielFilter['search'] {
  const raw = filterOptions?.trim() ?? '';
  return raw ? { normalised: normaliseSearchText(raw), raw } : undefined;
}

/**
 * With an explicit limit every list is cut to it. Without one, lists are whole unless they exceed
 * LARGE_REFERENTIEL_THRESHOLD options (communes), which are cut to DEFAULT_OPTIONS_LIMIT; the
 * repository fetches one more than the threshold so that case is visible.
 */
const takeFor = (limit: number | undefined) => limit ?? LARGE_REFERENTIEL_THRESHOLD + 1;
function toReferentiel(found: Found, limit: number | undefined, whole = false): Referentiel {
  const cut = !whole && limit === undefined && found.optionsCount > LARGE_REFERENTIEL_THRESHOLD;
  const options = cut ? found.options.slice(0, DEFAULT_OPTIONS_LIMIT) : found.options;
  return { _id: found.id, type: found.type, categorie: found.categorie, label: found.label, options, optionsCount: found.optionsCount };
}

/** Stable JSON (keys sorted) to compare metas regardless of key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
const sameOptions = (a: OptionRow[], b: OptionRow[]) =>
  a.length === b.length && a.every((o, i) => o.value === b[i]!.value && o.label === b[i]!.label && canonical(o.meta) === canonical(b[i]!.meta));

export function createReferentielService(repository: ReferentielRepository) {
  return {
    async list(query: ReferentielsQuery): Promise<Referentiel[]> {
      if (query.type?.length === 0) return [];
      const found = await repository.find({
        ...(query.type ? { types: query.type } : {}),
        ...(query.categorie ? { categorie: query.categorie } : {}),
        search: searchOf(query.filterOptions),
        take: takeFor(query.limit),
      });
      // In the order the types were asked for (else by type).
      const order = query.type ? (r: Found) => query.type!.indexOf(r.type) : () => 0;
      return found.sort((a, b) => order(a) - order(b)).map((r) => toReferentiel(r, query.limit));
    },

    async getByType(type: string, filterOptions?: string, limit?: number): Promise<Referentiel> {
      const [found] = await repository.find({ types: [type], search: searchOf(filterOptions), take: takeFor(limit) });
      if (!found) throw appError('REFERENTIEL_NOT_FOUND', { type });
      return toReferentiel(found, limit);
    },

    async update(id: string, patch: ReferentielPatch): Promise<Referentiel> {
      const current = await repository.findById(id);
      if (!current) throw appError('REFERENTIEL_NOT_FOUND', {});
      const changes: Parameters<ReferentielRepository['update']>[1] = {};
      if (patch.label !== undefined && patch.label !== current.label) changes.label = patch.label;
      const categorie = patch.categorie === '' ? null : patch.categorie;
      if (categorie !== undefined && categorie !== current.categorie) changes.categorie = categorie;
      if (patch.options !== undefined && !sameOptions(patch.options, current.options)) changes.options = patch.options;
      if (Object.keys(changes).length === 0) throw appError('NO_CHANGE_DETECTED');
      await repository.update(id, changes);
      // The whole list back, as stored.
      return toReferentiel((await repository.findById(id))!, undefined, true);
    },
  };
}
export type ReferentielService = ReturnType<typeof createReferentielService>;

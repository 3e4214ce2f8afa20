// Referential rules: filtering and limits of the lists, 404 on unknown type, full-replacement edits
// refused when they change nothing ('Aucun changement n'a été détécté.'), each edit audited in the
// content's audit chain (read by the LCA administrators' history, and by the referentials'
// administrators as the referentials' own history).
import {
  type chainHistoryQuerySchema,
  DEFAULT_OPTIONS_LIMIT,
  LARGE_REFERENTIEL_THRESHOLD,
  normaliseSearchText,
  REFERENTIEL_AUDIT_ENTITY,
  type Referentiel,
  type ReferentielPatch,
  type ReferentielsQuery,
} from '@portail/contract';
import type { z } from 'zod';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { CONTENT_AUDIT_CHAIN, type AuditService } from '../../audit/index.ts';
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

/** Values named in an audit entry, at most this many (a list of communes would be thousands). */
const LISTED_VALUES = 30;
const valuesText = (values: string[]) =>
  values.length <= LISTED_VALUES ? values.join(', ') : `${values.slice(0, LISTED_VALUES).join(', ')} et ${values.length - LISTED_VALUES} autres`;

/**
 * What the content's audit chain keeps of a referential's change: its label, category and option
 * count before and after, and the option values added, removed or changed (not the whole lists).
 */
function referentielTrail(current: Found, changes: { label?: string; categorie?: string | null; options?: OptionRow[] }) {
  const before = { type: current.type, label: current.label, categorie: current.categorie, nombre_options: current.options.length };
  const after: Record<string, unknown> = {
    type: current.type,
    label: changes.label ?? current.label,
    categorie: changes.categorie !== undefined ? changes.categorie : current.categorie,
    nombre_options: changes.options?.length ?? current.options.length,
  };
  if (changes.options) {
    const old = new Map(current.options.map((o) => [o.value, o]));
    const next = new Map(changes.options.map((o) => [o.value, o]));
    const added = changes.options.filter((o) => !old.has(o.value)).map((o) => o.value);
    const removed = current.options.filter((o) => !next.has(o.value)).map((o) => o.value);
    const changed = changes.options.filter((o) => old.has(o.value) && (old.get(o.value)!.label !== o.label || canonical(old.get(o.value)!.meta) !== canonical(o.meta))).map((o) => o.value);
    if (added.length) after.options_ajoutees = valuesText(added);
    if (removed.length) after.options_retirees = valuesText(removed);
    if (changed.length) after.options_modifiees = valuesText(changed);
  }
  return { before, after };
}

export function createReferentielService(repository: ReferentielRepository, audit: AuditService) {
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

    /** The change and its entry in the content's audit chain, in one transaction. */
    async update(claims: AuthClaims, id: string, patch: ReferentielPatch): Promise<Referentiel> {
      const current = await repository.findById(id);
      if (!current) throw appError('REFERENTIEL_NOT_FOUND', {});
      const changes: Parameters<ReferentielRepository['update']>[1] = {};
      if (patch.label !== undefined && patch.label !== current.label) changes.label = patch.label;
      const categorie = patch.categorie === '' ? null : patch.categorie;
      if (categorie !== undefined && categorie !== current.categorie) changes.categorie = categorie;
      if (patch.options !== undefined && !sameOptions(patch.options, current.options)) changes.options = patch.options;
      if (Object.keys(changes).length === 0) throw appError('NO_CHANGE_DETECTED');
      const { before, after } = referentielTrail(current, changes);
      await repository.update(id, changes, (tx) =>
        audit.record(tx, { associationId: CONTENT_AUDIT_CHAIN, actor: { id: claims.userId, email: claims.email }, entity: REFERENTIEL_AUDIT_ENTITY, entityId: id, action: 'update', before, after }),
      );
      // The whole list back, as stored.
      return toReferentiel((await repository.findById(id))!, undefined, true);
    },

    /** The referentials' changes, newest first, a page at a time (their entries of the content's chain). */
    history(query: z.output<typeof chainHistoryQuerySchema>) {
      return audit.chainPage(CONTENT_AUDIT_CHAIN, { entities: [REFERENTIEL_AUDIT_ENTITY], before: query.avant, limit: query.limit });
    },
  };
}
export type ReferentielService = ReturnType<typeof createReferentielService>;

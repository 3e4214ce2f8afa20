// Queries of the instructing services' work list (docs/domain.md « Listes de travail »), in SQL: one
// row per instruction, filtered (§2), read a page at a time past a keyset (sort column, id) so that a
// page costs its rows whatever the table holds (indexes of migration 20261202090000). Reads go to the
// reading database (the replica when DATABASE_REPLICA_URL is set, services.ts); the bulk's selection
// reads the primary, as everything a transition reads.
import { UUID_PATTERN, type WorklistFilters, type WorklistSort } from '@portail/contract';
import { likeLiteral } from '../../../db/like-pattern.ts';
import { poolOf, Prisma, type Database } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';
import { subtreeOfAccountSql } from '../../rds/index.ts';

/**
 * Who the caller reaches: the instructions of some services (and the ones the caller created), or
 * every service's. `subtree`: the services of the caller's account and those below it, found by the
 * page's own statement (the list's hot path: one round trip instead of two).
 */
export type WorklistReach =
  | { kind: 'services'; serviceIds: string[]; userId: string }
  | { kind: 'subtree'; userId: string }
  | { kind: 'all'; userId: string };

/** Where a page starts: past this row, in this order. */
export interface Keyset {
  at: Date;
  id: string;
}
export interface PageRequest {
  sort: WorklistSort;
  order: 'asc' | 'desc';
  limit: number;
  after?: Keyset | undefined;
}

export interface WorklistRow {
  id: string;
  dossier_id: string;
  etat: string;
  is_referent: boolean;
  service_id: string;
  service_nom: string;
  sort_at: Date;
  updated_at: Date;
  id_fo: string;
  exercice: number;
  exercice_fin: number | null;
  statut: string;
  code_subvention: string;
  libelle_subvention: string;
  dispositif_id: string;
  libelle_dispositif: string;
  association_id: string;
  id_siret: string | null;
  nom: string | null;
  created_by_id: string | null;
  created_by_type: string;
  deleted_at: Date | null;
  created_at: Date;
  /** The association's messages the reader has not read (only on a page read with `unreadOf`). */
  messages_non_lus?: number;
}


const SORT_COLUMN: Record<WorklistSort, Prisma.Sql> = { updated_at: Prisma.sql`i.updated_at`, created_at: Prisma.sql`i.created_at` };

/** Filters on the dossier's own columns (they need the join with dossiers). */
const hasDossierFilter = (f: WorklistFilters) =>
  Boolean(f.statuts?.length || f.id_type_dispositif?.length || f.createdBy?.length || f.createdByType?.length || f.searchQuery?.trim());

/**
 * The conditions of the reach and the filters, on `i` (dossier_instructions), `d` (dossiers) and `s`
 * (subventions). A deleted dossier has every instruction in B (the machine's `supprimer` moves them
 * all with the dossier's deletion, dossiers/service.ts): hiding B hides deleted dossiers without
 * reading them. A never-transmitted instruction (A) reaches a service only when one of its agents
 * created the dossier (createdByType service), as in GET /demande/dossiers.
 */
function conditions(reach: WorklistReach, f: WorklistFilters, options: { withEtats: boolean }): Prisma.Sql[] {
  const hidden = f.includeDeleted ? ['A'] : ['A', 'B'];
  const and: Prisma.Sql[] = [
    reach.kind !== 'all'
      ? Prisma.sql`(i.etat <> ALL(${hidden}::text[]) OR (i.created_by_id = ${reach.userId}::uuid AND i.created_by_type = 'service'${f.includeDeleted ? Prisma.empty : Prisma.sql` AND i.etat <> 'B'`}))`
      : Prisma.sql`i.etat <> ALL(${hidden}::text[])`,
  ];
  if (options.withEtats && f.etats?.length) and.push(Prisma.sql`i.etat = ANY(${f.etats}::text[])`);
  if (reach.kind === 'all' && f.id_service_instructeur?.length) and.push(Prisma.sql`i.service_id = ANY(${f.id_service_instructeur}::uuid[])`);
  // The instruction's copy of its dossier's exercise (migration 20261205100000): read by the index of a service's instructions.
  if (f.exercices?.length) and.push(Prisma.sql`i.exercice = ANY(${f.exercices}::int[])`);
  if (f.statuts?.length) and.push(Prisma.sql`d.statut = ANY(${f.statuts}::text[])`);
  if (f.id_type_dispositif?.length) and.push(Prisma.sql`d.dispositif_id = ANY(${f.id_type_dispositif}::uuid[])`);
  if (f.createdBy?.length) and.push(Prisma.sql`d.created_by_id = ANY(${f.createdBy}::uuid[])`);
  if (f.createdByType?.length) and.push(Prisma.sql`d.created_by_type = ANY(${f.createdByType}::text[])`);
  if (f.messages_non_lus) {
    // The caller's unread messages (notifications of type 5) name a handful of dossiers: read them
    // first by the (user, read) index, then keep the instructions of those dossiers.
    and.push(Prisma.sql`i.dossier_id = ANY(ARRAY(SELECT (n.payload->>'dossier')::uuid FROM notifications n
      WHERE n.user_id = ${reach.userId}::uuid AND n.read_at IS NULL AND n.type = 5 AND n.payload->>'dossier' ~* ${UUID_PATTERN}))`);
  }
  const search = f.searchQuery?.trim();
  if (search) {
    // '%' and '_' typed by the user match themselves, not any text.
    const literal = likeLiteral(search);
    and.push(Prisma.sql`(d.id_fo LIKE ${`${literal}%`} OR d.id_siret LIKE ${`${literal}%`} OR d.nom ILIKE ${`%${literal}%`} OR s.code ILIKE ${`${literal}%`})`);
  }
  return and;
}

/** The services (a uuid[] expression) a reach short of `all` reads: its own, narrowed by id_service_instructeur when given. */
function servicesOf(reach: Exclude<WorklistReach, { kind: 'all' }>, f: WorklistFilters): Prisma.Sql {
  const wanted = f.id_service_instructeur;
  if (reach.kind === 'services') return Prisma.sql`${wanted?.length ? reach.serviceIds.filter((id) => wanted.includes(id)) : reach.serviceIds}::uuid[]`;
  const subtree = subtreeOfAccountSql(reach.userId);
  return wanted?.length ? Prisma.sql`ARRAY(SELECT s FROM unnest(${subtree}) AS s WHERE s = ANY(${wanted}::uuid[]))` : subtree;
}

/**
 * One page of the list: `limit` rows past `after`. For a services reach, each service's page is read
 * by its own index (service, sort column, id) and the pages merged: k services cost k pages, never
 * the services' whole lists. With `unreadOf`, each row counts the association's messages (type 5
 * notifications) that user has not read, in the same statement (the screen's list; not the exports).
 * Exported for the bench, which runs the same statement on bare pg.
 */
export function pageStatement(reach: WorklistReach, f: WorklistFilters, page: PageRequest, unreadOf?: string): Prisma.Sql {
  const column = SORT_COLUMN[page.sort];
  const desc = page.order === 'desc';
  const direction = desc ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const and = conditions(reach, f, { withEtats: true });
  if (page.after) {
    and.push(desc ? Prisma.sql`(${column}, i.id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)` : Prisma.sql`(${column}, i.id) > (${page.after.at}::timestamptz, ${page.after.id}::uuid)`);
  }
  const inner = (extra: Prisma.Sql) => Prisma.sql`
    SELECT i.id, i.dossier_id, i.etat, i.is_referent, i.service_id, ${column} AS sort_at, i.updated_at,
           d.id_fo, d.exercice, d.exercice_fin, d.statut, s.code AS code_subvention, s.label AS libelle_subvention, d.dispositif_id,
           d.association_id, d.id_siret, d.nom, d.created_by_id, d.created_by_type, d.deleted_at, d.created_at
    FROM dossier_instructions i JOIN dossiers d ON d.id = i.dossier_id JOIN subventions s ON s.id = d.subvention_id
    WHERE ${extra} AND ${Prisma.join(and, ' AND ')}
    ORDER BY ${column} ${direction}, i.id ${direction} LIMIT ${page.limit}`;
  const rows =
    reach.kind !== 'all'
      ? Prisma.sql`SELECT w.* FROM unnest(${servicesOf(reach, f)}) AS reach(service_id) CROSS JOIN LATERAL (${inner(Prisma.sql`i.service_id = reach.service_id`)}) w`
      : inner(Prisma.sql`TRUE`);
  const unread = unreadOf
    ? Prisma.sql`, (SELECT count(*)::int FROM notifications n
        WHERE n.user_id = ${unreadOf}::uuid AND n.read_at IS NULL AND n.type = 5 AND n.payload->>'dossier' = w.dossier_id::text) AS messages_non_lus`
    : Prisma.empty;
  return Prisma.sql`
    SELECT w.*, dp.label AS libelle_dispositif, sa.nom AS service_nom${unread}
    FROM (${rows}) w JOIN dispositifs dp ON dp.id = w.dispositif_id JOIN service_accounts sa ON sa.id = w.service_id
    ORDER BY w.sort_at ${direction}, w.id ${direction} LIMIT ${page.limit}`;
}

/** Rows per instruction state under the filters but `etats`. */
function countStatement(reach: WorklistReach, f: WorklistFilters): Prisma.Sql {
  const and = conditions(reach, f, { withEtats: false });
  if (reach.kind !== 'all') and.push(Prisma.sql`i.service_id = ANY(${servicesOf(reach, f)})`);
  // Without a filter on the dossier, the instructions alone answer (an index-only scan).
  const from = hasDossierFilter(f)
    ? Prisma.sql`dossier_instructions i JOIN dossiers d ON d.id = i.dossier_id JOIN subventions s ON s.id = d.subvention_id`
    : Prisma.sql`dossier_instructions i`;
  return Prisma.sql`SELECT i.etat, count(*)::int AS count FROM ${from} WHERE ${Prisma.join(and, ' AND ')} GROUP BY i.etat`;
}

/**
 * An export's keyset reading, for a thread that runs it on a connection of its own (xlsx-thread.ts):
 * the page statement, its values, and where in them the keyset goes; `values` starts before the
 * first row (±infinity, the lowest or highest uuid), then each batch sets its last row's sort_at and
 * id there. `connectionString`: the reading database's.
 */
export interface ExportPlan {
  connectionString: string;
  text: string;
  values: unknown[];
  atIndex: number;
  idIndex: number;
  batch: number;
}

/** Marks where the keyset lands among a statement's values (found by identity, then replaced). */
const KEYSET_MARK = { at: new Date(0), id: '00000000-0000-4000-8000-00000000c0de' };

export function exportPlan(connectionString: string, reach: WorklistReach, f: WorklistFilters, sort: WorklistSort, order: 'asc' | 'desc', batch: number): ExportPlan {
  const statement = pageStatement(reach, f, { sort, order, limit: batch, after: KEYSET_MARK });
  const values = [...statement.values];
  const atIndex = values.indexOf(KEYSET_MARK.at);
  const idIndex = values.indexOf(KEYSET_MARK.id);
  if (atIndex < 0 || idIndex < 0) throw new Error('export : repère de pagination introuvable dans la requête');
  values[atIndex] = order === 'desc' ? 'infinity' : '-infinity';
  values[idIndex] = order === 'desc' ? 'ffffffff-ffff-ffff-ffff-ffffffffffff' : '00000000-0000-0000-0000-000000000000';
  return { connectionString, text: statement.text, values, atIndex, idIndex, batch };
}

/** `reader`: where lists, counts and exports read (the replica when there is one); `primary`: the rest. */
export function createWorklistRepository(reader: Database, primary: Database) {
  return {
    /** A page, straight on the pool (read-rows.ts): the list is the instructors' most frequent read. */
    page: (reach: WorklistReach, f: WorklistFilters, page: PageRequest, unreadOf?: string) => {
      const statement = pageStatement(reach, f, page, unreadOf);
      return readRows<WorklistRow>(reader, statement.text, statement.values);
    },
    /** The rows of a bulk's `selectAll`, read on the primary (what the transitions will lock), at most `limit`. */
    selection: (reach: WorklistReach, f: WorklistFilters, limit: number) =>
      primary.$queryRaw<WorklistRow[]>(pageStatement(reach, f, { sort: 'updated_at', order: 'desc', limit })),
    /** An export's reading, run by its thread on the reading database (the replica when there is one). */
    exportPlan(reach: WorklistReach, f: WorklistFilters, sort: WorklistSort, order: 'asc' | 'desc', batch: number): ExportPlan {
      const connectionString = poolOf(reader)?.options.connectionString;
      if (!connectionString) throw new Error('export : la base de lecture n’a pas d’adresse de connexion');
      return exportPlan(connectionString, reach, f, sort, order, batch);
    },
    counts: (reach: WorklistReach, f: WorklistFilters) => reader.$queryRaw<{ etat: string; count: number }[]>(countStatement(reach, f)),
    /**
     * The services and schemes the filters offer: a services reach, its services and the schemes of
     * their transmitted dossiers; every reach, the services and schemes with a transmitted dossier.
     * One EXISTS per service or scheme (a few hundred), each stopping at its first instruction.
     */
    async facets(reach: WorklistReach) {
      const transmitted = Prisma.sql`i.etat <> ALL(${['A', 'B']}::text[])`;
      const inReach = reach.kind !== 'all' ? Prisma.sql`i.service_id = ANY(${servicesOf(reach, {})})` : Prisma.sql`TRUE`;
      const [services, dispositifs] = await Promise.all([
        reach.kind !== 'all'
          ? reader.$queryRaw<{ id: string; nom: string }[]>`SELECT sa.id::text, sa.nom FROM service_accounts sa WHERE sa.id = ANY(${servicesOf(reach, {})}) ORDER BY sa.nom, sa.id`
          : reader.$queryRaw<{ id: string; nom: string }[]>`SELECT sa.id::text, sa.nom FROM service_accounts sa
              WHERE EXISTS (SELECT 1 FROM dossier_instructions i WHERE i.service_id = sa.id AND ${transmitted}) ORDER BY sa.nom, sa.id`,
        reader.$queryRaw<{ id: string; label: string }[]>`SELECT dp.id::text, dp.label FROM dispositifs dp
          WHERE EXISTS (SELECT 1 FROM dossiers d JOIN dossier_instructions i ON i.dossier_id = d.id WHERE d.dispositif_id = dp.id AND ${transmitted} AND ${inReach})
          ORDER BY dp.label, dp.id`,
      ]);
      return { services, dispositifs };
    },
    /** Instructions by id with their dossier and service (a bulk's `ids`), read on the primary. */
    instructionsByIds: (ids: string[]) =>
      primary.$queryRaw<{ id: string; dossier_id: string; service_id: string; id_fo: string; etat: string }[]>`SELECT i.id::text, i.dossier_id::text, i.service_id::text, d.id_fo, i.etat
        FROM dossier_instructions i JOIN dossiers d ON d.id = i.dossier_id WHERE i.id = ANY(${ids}::uuid[])`,
    /** The service's financing lines of the dossier with the amount asked (a bulk grant grants what was asked). */
    requestedAmounts: (dossierId: string, serviceId: string) =>
      primary.$queryRaw<{ projet: string; annee: number; montant: string | null }[]>`SELECT f.projet_id::text AS projet, f.annee, f.montant_demande::text AS montant
        FROM projet_financements f JOIN projets p ON p.id = f.projet_id WHERE p.dossier_id = ${dossierId}::uuid AND f.service_id = ${serviceId}::uuid`,
  };
}
export type WorklistRepository = ReturnType<typeof createWorklistRepository>;

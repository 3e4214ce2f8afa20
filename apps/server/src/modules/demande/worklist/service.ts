// The instructing services' work list (docs/domain.md « Listes de travail »): who reaches which
// instructions, the keyset pages, the counts per state, the exports' batches and the bulk event.
import {
  countsPerState,
  dossierInstructionMachine,
  isAdminRole,
  isPaymentEvent,
  isOsirisRole,
  isRdsRole,
  WORKLIST_LIMITS,
  instructionEventSchema,
  type DossierState,
  type InstructionEvent,
  type WorklistBulk,
  type WorklistBulkResult,
  type WorklistCounts,
  type WorklistFacets,
  type WorklistFilters,
  type WorklistItem,
  type WorklistPage,
  type WorklistQuery,
  type WorklistSort,
} from '@portail/contract';
import { AppError, appError } from '../../../http/errors.ts';
import { refusalError } from '../../workflow/index.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { PaymentShareEvent } from '../dossiers/instruction.ts';
import type { WorklistReach, WorklistRepository, WorklistRow } from './repository.ts';

/** What the list needs of the rds module: the caller's service and the services below it. */
export interface ServiceHierarchy {
  servicesBelow(authId: string): Promise<string[] | null>;
}

/**
 * What the bulk needs of the instruction's transitions: one event of one instruction (a payment
 * stage by its share of the granted amount, `part`).
 */
export interface InstructionFire {
  fire(claims: AuthClaims, input: { dossierId: string; serviceId: string } & (InstructionEvent | PaymentShareEvent)): Promise<{ to: string }>;
}

export interface WorklistServiceDeps {
  repository: WorklistRepository;
  hierarchy: ServiceHierarchy;
  instruction: InstructionFire;
  /**
   * Runs `work` in a transaction of its own, committed when it returns, outside the request's unit
   * of work: each dossier of a bulk commits (its lock released, its mails queued) on its own.
   */
  ownTransaction: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Transactions a bulk runs at once: each dossier's waits on PostgreSQL (round trips, the commit's
 * flush) overlap with the others', well within the pool (10 connections by default).
 */
const BULK_WORKERS = 4;

/**
 * `run` on every target, BULK_WORKERS at a time, the outcomes in the targets' order. The instructions
 * of one dossier go to one worker, one after the other: two transactions never wait on each other's
 * lock of a dossier. The first unexpected error is thrown once every worker has stopped.
 */
async function inParallelPerDossier<T extends { id: string; dossier_id: string }, R>(targets: readonly T[], run: (target: T) => Promise<R>): Promise<R[]> {
  const perDossier = new Map<string, number[]>();
  targets.forEach((target, index) => {
    const key = target.dossier_id || `instruction:${target.id}`;
    const group = perDossier.get(key);
    if (group) group.push(index);
    else perDossier.set(key, [index]);
  });
  const queue = [...perDossier.values()];
  const outcomes: R[] = new Array<R>(targets.length);
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    for (let group = queue.shift(); group && !failure; group = queue.shift()) {
      for (const index of group) {
        try {
          outcomes[index] = await run(targets[index]!);
        } catch (error) {
          failure ??= { error };
          return;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_WORKERS, queue.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return outcomes;
}

export function toWorklistItem(row: WorklistRow): WorklistItem {
  return {
    id: row.id,
    dossier_id: row.dossier_id,
    id_fo: row.id_fo,
    exercice: row.exercice,
    exercice_fin: row.exercice_fin,
    statut: row.statut as WorklistItem['statut'],
    code_subvention: row.code_subvention,
    libelle_subvention: row.libelle_subvention,
    id_type_dispositif: row.dispositif_id,
    libelle_dispositif: row.libelle_dispositif,
    id_association: row.association_id,
    demandeur: { id_siret: row.id_siret, nom: row.nom },
    service: { id: row.service_id, nom: row.service_nom },
    etat: row.etat as DossierState,
    is_referent: row.is_referent,
    createdBy: { id: row.created_by_id, type: row.created_by_type as WorklistItem['createdBy']['type'] },
    deleted: row.deleted_at !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    messages_non_lus: row.messages_non_lus ?? 0,
  };
}

export function createWorklistService({ repository, hierarchy, instruction, ownTransaction }: WorklistServiceDeps) {
  /**
   * osiris roles: every service's instructions; rds roles: their service and the services below it
   * (rds.admin without a service record: every service, as in GET /demande/dossiers); an rds account
   * without a service reaches nothing. Deleted dossiers are for administrators (403 otherwise).
   * An agent's services are left to the statement that reads the rows (`subtree`), unless the caller
   * needs their ids (`explicit`: the bulk tells the rows it lists from the others).
   */
  async function reachOf(claims: AuthClaims, f: WorklistFilters, explicit = false): Promise<WorklistReach | null> {
    if (f.includeDeleted && !claims.roles.some(isAdminRole)) throw appError('INCLUDE_DELETED_ADMIN_ONLY');
    if (claims.roles.some(isOsirisRole)) return { kind: 'all', userId: claims.userId };
    if (!claims.roles.some(isRdsRole)) return null;
    // rds.admin without a service record reaches every service: that takes knowing the record.
    if (!explicit && !claims.roles.includes('rds.admin')) return { kind: 'subtree', userId: claims.userId };
    const services = await hierarchy.servicesBelow(claims.userId);
    if (services) return { kind: 'services', serviceIds: services, userId: claims.userId };
    return claims.roles.includes('rds.admin') ? { kind: 'all', userId: claims.userId } : null;
  }

  /** Every row of the filtered list in order, `batch` at a time (the exports): one keyset query per batch. */
  async function* batches(reach: WorklistReach, f: WorklistFilters, sort: WorklistSort, order: 'asc' | 'desc', batch: number = WORKLIST_LIMITS.exportBatch) {
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await repository.page(reach, f, { sort, order, limit: batch, after });
      if (rows.length > 0) yield rows;
      if (rows.length < batch) return;
      const last = rows.at(-1)!;
      after = { at: last.sort_at, id: last.id };
    }
  }

  async function counts(reach: WorklistReach | null, f: WorklistFilters): Promise<WorklistCounts> {
    return countsPerState(reach ? await repository.counts(reach, f) : [], f.etats);
  }

  return {
    async list(claims: AuthClaims, q: WorklistQuery): Promise<WorklistPage> {
      const after = q.cursor ? decodeCursor(q.cursor, q.sort, q.order) : undefined;
      const reach = await reachOf(claims, q);
      if (!reach) return { items: [], limit: q.limit, next_cursor: null };
      // One row more than the page tells whether another page follows.
      const rows = await repository.page(reach, q, { sort: q.sort, order: q.order, limit: q.limit + 1, after }, claims.userId);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map(toWorklistItem),
        limit: q.limit,
        next_cursor: rows.length > q.limit && last ? encodeCursor(q.sort, q.order, { at: last.sort_at, id: last.id }) : null,
      };
    },

    async counts(claims: AuthClaims, f: WorklistFilters): Promise<WorklistCounts> {
      return counts(await reachOf(claims, f), f);
    },

    /** The choices of the service and scheme filters, within the caller's reach (none for no reach). */
    async facets(claims: AuthClaims): Promise<WorklistFacets> {
      const reach = await reachOf(claims, {});
      return reach ? repository.facets(reach) : { services: [], dispositifs: [] };
    },

    /**
     * One event on up to 500 instructions (the ids, or every row of the filters), each in its own
     * transaction, committed before the next (instruction.fire): the ones moved, and the ones
     * refused with the catalogue's code and message. A grant grants each financing line of the
     * service what was asked for it; a payment stage pays the share given of each dossier's granted
     * amount, never more than what remains to pay on it. The
     * event's body is checked once, as the instruction route checks it (a reason to refuse, a
     * comment to send back): 400 for all rather than 500 refusals.
     */
    async bulk(claims: AuthClaims, body: WorklistBulk): Promise<WorklistBulkResult> {
      const template = { event: body.event, ...(body.payload?.comment ? { comment: body.payload.comment } : {}), ...(body.payload?.motif ? { motif: body.payload.motif } : {}) };
      // The event's body as its own route checks it, with a sample amount where each dossier's own comes later.
      const paiement = body.payload?.paiement;
      const sample = body.event === 'accorder'
        ? { montants: [{ projet: '00000000-0000-4000-8000-000000000000', annee: 2026, montant_accorde: 0 }] }
        : paiement ? { paiement: { date: paiement.date, montant: 1 } } : {};
      const checked = instructionEventSchema.safeParse({ ...template, ...sample });
      if (!checked.success) throw appError('DOSSIER_INPUT_INVALID', { motif: checked.error.issues[0]?.message ?? 'Événement invalide.' });
      let targets: { id: string; dossier_id: string; service_id: string; id_fo: string | null; etat: string | null }[];
      let reach: WorklistReach | null;
      if (body.ids) {
        const found = new Map((await repository.instructionsByIds(body.ids)).map((r) => [r.id, r]));
        targets = [...new Set(body.ids)].map((id) => found.get(id) ?? { id, dossier_id: '', service_id: '', id_fo: null, etat: null });
        reach = await reachOf(claims, {}, true);
      } else {
        const filters = body.selectAll!;
        reach = await reachOf(claims, filters, true);
        const rows = reach ? await repository.selection(reach, filters, WORKLIST_LIMITS.bulkMax + 1) : [];
        if (rows.length > WORKLIST_LIMITS.bulkMax) throw appError('BULK_TOO_MANY', { count: (await counts(reach, filters)).total });
        targets = rows;
      }
      // A row of the caller's list whose state the event cannot leave is refused as the machine would
      // refuse it, without a transaction of its own (a bulk often selects more than the event moves);
      // the others are checked again under their lock. Only rows the list shows the caller: their
      // state is no news to them.
      const from = dossierInstructionMachine.events[body.event].from as readonly string[];
      const listed = (serviceId: string) => reach !== null && (reach.kind === 'all' || (reach.kind === 'services' && reach.serviceIds.includes(serviceId)));
      type Target = (typeof targets)[number];
      type Outcome = { done: WorklistBulkResult['done'][number] } | { refused: WorklistBulkResult['refused'][number] };
      const one = async (target: Target): Promise<Outcome> => {
        try {
          if (!target.id_fo) throw appError('DOSSIER_NOT_FOUND');
          if (target.etat && !from.includes(target.etat) && listed(target.service_id)) {
            throw refusalError(dossierInstructionMachine, { ok: false, reason: 'wrong_state', event: body.event, state: target.etat, from });
          }
          const event = body.event === 'accorder'
            ? {
                ...template,
                montants: (await repository.requestedAmounts(target.dossier_id, target.service_id)).map((l) => ({ projet: l.projet, annee: l.annee, montant_accorde: Number(l.montant ?? 0) })),
              }
            : isPaymentEvent(body.event)
              ? { ...template, event: body.event, part: body.payload!.paiement! }
              : template;
          const moved = await ownTransaction(() => instruction.fire(claims, { dossierId: target.dossier_id, serviceId: target.service_id, ...(event as InstructionEvent | PaymentShareEvent) }));
          return { done: { id: target.id, id_fo: target.id_fo, etat: moved.to as DossierState } };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { refused: { id: target.id, id_fo: target.id_fo, code: error.code, message: error.message } };
        }
      };
      const outcomes = await inParallelPerDossier(targets, one);
      const result: WorklistBulkResult = { done: [], refused: [] };
      for (const outcome of outcomes) {
        if ('done' in outcome) result.done.push(outcome.done);
        else result.refused.push(outcome.refused);
      }
      return result;
    },

    /** The export: its row count (for the client's progress) and its rows, batch by batch, never all at once (or how to read them). */
    async exportRows(claims: AuthClaims, q: WorklistFilters & { sort: WorklistSort; order: 'asc' | 'desc' }) {
      const reach = await reachOf(claims, q);
      const { total } = await counts(reach, q);
      async function* none(): AsyncGenerator<WorklistRow[]> {}
      return {
        total,
        /** Read here, batch by batch (the CSV). */
        batches: reach ? batches(reach, q, q.sort, q.order) : none(),
        /** Read by the XLSX thread on its own connection; null: no row. */
        plan: reach ? repository.exportPlan(reach, q, q.sort, q.order, WORKLIST_LIMITS.exportBatch) : null,
      };
    },
  };
}
export type WorklistService = ReturnType<typeof createWorklistService>;

// The subsidy dossiers of the association side (docs/domain.md « Dossiers de subvention »): the
// resolver of the contract's `dossier` scope (every dossier route, projects and PDF too, goes
// through it), the caller-bound list, creation, the wizard, documents, RIB, and deletion and
// transmission through the dossier_instruction machine; what the other side hears of, messages and
// sharing are in exchanges.ts.
import { campaignClosedMessage, countsPerState, DOSSIER_LIMITS, DOSSIER_MESSAGES, dossierInstructionMachine, type DossierListField, type DossierPopulate, type DossierSummary, type DossierViewPopulate, type DownloadTicket, isUuid, NOTIFICATION_TYPE_IDS, type ProjetField, type UnreadDossierMessages, type WorklistCounts, type ConditionPreviewBody } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AssociationScope, DossierScope, ScopeResolvers } from '../../../http/resource-scope.ts';
import type { AuditService } from '../../audit/index.ts';
import type { MailService } from '../../mail/index.ts';
import type { NotificationService } from '../../notifications/index.ts';
import type { TransitionService, WorkflowTarget } from '../../workflow/index.ts';
import { listWhere, projectSummary, reachWhere, type ListQuery } from './list.ts';
import type { RouteLimiter } from '../../../http/rate-limit.ts';
import { windowOf } from './campaign.ts';
import { createDossierExchanges } from './exchanges.ts';
import { dossierScopeFor, threadServicesFor } from './policy.ts';
import { partsOf, viewParts } from './populate.ts';
import { instructionNotice, type DossierRepository } from './repository.ts';
import type { DossierScopeRepository } from './scope.repository.ts';
import { followDossierRenewal, realignProjects } from '../projets/index.ts';
import { missingBeforeTransmission } from './transmission.ts';
import { previewConditions } from './condition-preview.ts';
import { checkEstablishment, checkScheme, planStep, type StepInput } from './wizard.ts';
import { claimsActor, dossierOptions, toDossierSummary, toDossierView } from './view.ts';

export interface DossierServiceDeps {
  scopeRepository: DossierScopeRepository;
  repository: DossierRepository;
  workflow: TransitionService;
  audit: AuditService;
  mail: MailService;
  notifications: NotificationService;
  /** Counts the changes that mail the dossier's services (limit dossierChangeMail). */
  rateLimits: RouteLimiter;
  publicUrl: string;
  /** A download ticket for a document of the association (its documents module), once the dossier's reader is checked. */
  documentTickets: (claims: AuthClaims, associationId: string, documentId: string) => Promise<DownloadTicket>;
}

/** The instruction rows the engine moves (docs/domain.md « Machines à états »). */
export const instructionTarget: WorkflowTarget = {
  machine: dossierInstructionMachine,
  table: { table: 'dossier_instructions', stateColumn: 'etat', associationColumn: 'association_id' },
  subjectOf: (row) => ({
    serviceId: String(row.service_id),
    createdBy: row.created_by_id ? { id: String(row.created_by_id), side: row.created_by_type as 'association' | 'service' } : null,
    facts: { complete: row.complet === true, allCrfReceived: row.crf_recus === true },
  }),
  nameOf: () => 'Le dossier de subvention',
  linkOf: (row) => `/client/dossiers/${String(row.dossier_id)}`,
  // The dossier's notifications are counted per dossier (list select_notifications) and name it to their reader.
  payloadOf: async (row, tx) => ({ dossier: String(row.dossier_id), ...(await instructionNotice(tx, String(row.dossier_id), String(row.service_id))) }),
};

const EDITABLE = ['A', 'C'];

/**
 * The event has nothing left to move (every instruction is past it: a call that lost a race, or a
 * repeat): the machine's refusal for a wrong state, 409 in French.
 */
function wrongState(event: 'transmettre' | 'supprimer', etat: string) {
  const machine = dossierInstructionMachine;
  return appError('TRANSITION_WRONG_STATE', { action: machine.events[event].label, etat: (machine.states as Record<string, { label: string }>)[etat]?.label ?? etat });
}

export function createDossierService(deps: DossierServiceDeps) {
  const { scopeRepository, repository, workflow, audit, mail } = deps;

  async function load(id: string) {
    const row = await repository.findById(id);
    if (!row) throw appError('DOSSIER_NOT_FOUND');
    return row;
  }
  async function view(claims: AuthClaims, scope: DossierScope, id = scope.dossierId) {
    const row = await load(id);
    const actor = claimsActor(claims, { associationIds: scope.side === 'association' ? [scope.associationId] : [], serviceIds: scope.serviceIds });
    const ids = row.instructions.map((i) => i.id);
    const [transmissions, comments, crfs] = await Promise.all([repository.lastTransmissions(ids), repository.lastComments(ids), repository.crfsOf(row.id)]);
    const transmittedAt = new Map(transmissions.flatMap((t) => (t._max.createdAt ? [[t.objectId, t._max.createdAt] as const] : [])));
    return toDossierView(row, dossierOptions(row, actor), transmittedAt, comments, crfs);
  }
  /**
   * Editable: the association side, not deleted, every instruction in A or C (spec §4); with
   * `completing`, also a dossier a service marked incomplete that the machine lets the caller
   * complete (action completer: documents may then be attached).
   */
  async function lockEditable(tx: DbTransaction, scope: DossierScope<'write'>, completing?: AuthClaims) {
    await repository.lock(tx, scope.dossierId);
    const states = await repository.states(tx, scope.dossierId);
    const row = await repository.findById(scope.dossierId, tx);
    if (!row || row.deletedAt || states.length === 0) throw appError('DOSSIER_NOT_EDITABLE');
    const editable = !states.some((s) => !EDITABLE.includes(s.etat));
    const completable = completing !== undefined && dossierOptions(row, claimsActor(completing, { associationIds: [scope.associationId], serviceIds: [] })).actions.includes('completer');
    if (!editable && !completable) throw appError('DOSSIER_NOT_EDITABLE');
    return row;
  }
  const exchanges = createDossierExchanges({ ...deps, load });
  /** What the caller may list (list.ts), or null: nothing. */
  const callerReach = async (claims: AuthClaims) => reachWhere(claims, { links: await repository.callerLinks(claims.userId), serviceId: await repository.callerServiceId(claims.userId) });

  /** The caller reads the dossier from the association side (what `exists` may name). */
  const seenAsMember = async (claims: AuthClaims, id: string) =>
    scopeRepository.findAccess(id, claims.userId).then((row) => {
      try {
        return dossierScopeFor(claims, row, 'read').side === 'association';
      } catch {
        return false;
      }
    });

  const resolvers = {
    /** The dossier named by its id or id_fo: 404 DOSSIER_NOT_FOUND unseen, 403 seen but read only (policy.ts). */
    dossier: async (claims, ref, declared) => dossierScopeFor(claims, await scopeRepository.findAccess(ref, claims.userId), declared.mode),
  } satisfies ScopeResolvers;

  return {
    resolvers,
    instructionTarget,
    /** The dossier's view for the caller in `scope`, with what the machine lets them do (instruction.ts). */
    view,
    /** What the other side hears of, in the caller's transaction (instruction.ts). */
    tellMembers: exchanges.tellMembers,
    tellReachedServices: exchanges.tellReachedServices,

    async list(claims: AuthClaims, q: ListQuery & { page: number; limit: number; sort: string; order: 'asc' | 'desc'; select_notifications?: boolean; populate?: DossierPopulate[]; fields?: DossierListField[] }) {
      const reach = await callerReach(claims);
      if (!reach) return { total: 0, page: q.page, limit: q.limit, items: [] };
      const column = { created_at: 'createdAt', updated_at: 'updatedAt', exercice: 'exercice', id_fo: 'idFo' }[q.sort] ?? 'updatedAt';
      const { total, rows } = await repository.list(listWhere(claims, reach, q), { skip: (q.page - 1) * q.limit, take: q.limit, orderBy: { [column]: q.order } });
      const ids = rows.map((r) => r.id);
      const unread = q.select_notifications ? await repository.unreadByDossier(claims.userId, ids) : null;
      const unreadMessages = q.select_notifications ? await deps.notifications.unreadMessagesPerDossier(claims.userId, ids) : null;
      const parts = partsOf(await repository.populated(ids, q.populate ?? []), q.populate ?? []);
      const granted = !q.fields || q.fields.includes('instructions') ? await repository.grantedAmounts(ids) : new Map<string, number>();
      const items = rows.map((r) =>
        projectSummary(
          { ...toDossierSummary(r, granted, unread ? (unread.get(r.id) ?? 0) : undefined), ...(unreadMessages ? { messages_non_lus: unreadMessages.get(r.id) ?? 0 } : {}), ...parts(r.id) },
          q.fields,
        ),
      );
      // Projected items are checked by the contract's reply schema, whose declared type is the whole list.
      return { total, page: q.page, limit: q.limit, items: items as DossierSummary[] };
    },

    /** The instructions of the dossiers the list shows the caller, per state (the dashboard's chart). */
    async stateCounts(claims: AuthClaims): Promise<WorklistCounts> {
      const reach = await callerReach(claims);
      return countsPerState(reach ? await repository.instructionStates(reach) : []);
    },

    /** The dossier with the caller's unread messages on it; with populate, its full projects (parts from projectFields) and its messages. */
    async get(claims: AuthClaims, scope: DossierScope, q: { populate?: DossierViewPopulate[]; projectFields?: ProjetField[] } = {}) {
      const dossier = await view(claims, scope);
      const unread = await deps.notifications.unreadMessagesPerDossier(claims.userId, [dossier.id]);
      return { ...dossier, ...(await viewParts(repository, dossier.id, q, threadServicesFor(scope))), messages_non_lus: unread.get(dossier.id) ?? 0 };
    },

    /**
     * The caller's unread messages over the dossiers they may read (the list's reach, deleted
     * dossiers aside): a message of a dossier out of reach (a member who left, a link narrowed to
     * another establishment) is never counted. The total, and the dossiers concerned, most unread first.
     */
    async unreadMessages(claims: AuthClaims): Promise<UnreadDossierMessages> {
      const perDossier = await deps.notifications.unreadMessagesPerDossier(claims.userId);
      const reach = perDossier.size === 0 ? null : await callerReach(claims);
      if (!reach) return { total: 0, dossiers: [] };
      const rows = await repository.namesAmong(listWhere(claims, reach, {}), [...perDossier.keys()].filter((id) => isUuid(id)));
      const dossiers = rows.map((r) => ({ id: r.id, id_fo: r.idFo, nom: r.nom, messages_non_lus: perDossier.get(r.id) ?? 0 })).sort((a, b) => b.messages_non_lus - a.messages_non_lus || b.id_fo.localeCompare(a.id_fo));
      return { total: dossiers.reduce((sum, d) => sum + d.messages_non_lus, 0), dossiers: dossiers.slice(0, DOSSIER_LIMITS.unreadDossiersListed) };
    },
    markMessagesRead: exchanges.markMessagesRead,
    /** Which of a campaign's dossiers conditions would show an expected item to (./condition-preview.ts). */
    previewConditions: (claims: AuthClaims, subventionId: string, input: ConditionPreviewBody) => previewConditions(repository, claims, subventionId, input),

    states: () =>
      Object.entries(dossierInstructionMachine.states).map(([code, s]) => ({
        code: code as never,
        label: s.label,
        editable: 'editable' in s && s.editable === true,
        terminal: 'terminal' in s && s.terminal === true,
      })),

    async exists(claims: AuthClaims, q: { subvention: string; sous_dispositif?: string; exercice: number; siret: string }) {
      const subvention = await repository.findSubventionByCode(q.subvention);
      if (!subvention) return { exists: false, id_fo: null };
      const twin = await repository.findTwin({ subventionId: subvention.id, sousDispositifId: q.sous_dispositif ?? null, exercice: q.exercice, idSiret: q.siret });
      if (!twin) return { exists: false, id_fo: null };
      // Only a dossier the caller may see is named.
      return (await seenAsMember(claims, twin.id)) ? { exists: true, id_fo: twin.idFo } : { exists: false, id_fo: null };
    },
    seenAsMember,

    /**
     * A new dossier in A, one instruction per instructing service of the campaign; `onBehalf`: an
     * agent creates it for the association, with its own service's instruction only (instruction.ts).
     */
    async create(
      claims: AuthClaims,
      scope: AssociationScope<'write'>,
      body: { description: { code_subvention: string; id_sous_type_dispositif?: string | null; exercice: number }; demandeur: { id_siret: string; nom?: string | null } },
      onBehalf?: { serviceId: string },
    ) {
      const etablissement = await checkEstablishment(repository, scope.associationId, body.demandeur.id_siret, scope.siret);
      const sousDispositifId = body.description.id_sous_type_dispositif ?? null;
      const createdByType = claims.roles.includes('lca.association') || claims.roles.includes('lca.admin') ? 'association' : 'service';
      const id = await repository.transaction(async (tx) => {
        const subvention = await checkScheme(tx, repository, { code: body.description.code_subvention, sousDispositifId, exercice: body.description.exercice, idSiret: body.demandeur.id_siret });
        const instructeurs = onBehalf ? subvention.instructeurs.filter((i) => i.serviceId === onBehalf.serviceId) : subvention.instructeurs;
        if (onBehalf && instructeurs.length === 0) throw appError('SERVICE_NOT_INSTRUCTING');
        const idFo = await repository.nextIdFo(tx, subvention.exercice);
        const created = await repository.create(tx, {
          idFo,
          exercice: subvention.exercice,
          subventionId: subvention.id,
          dispositifId: subvention.dispositifId,
          sousDispositifId,
          associationId: scope.associationId,
          idSiret: body.demandeur.id_siret,
          nom: body.demandeur.nom ?? etablissement.association.nom,
          enseigne: etablissement.enseigne,
          createdById: claims.userId,
          createdByType,
          instructions: {
            create: instructeurs.map((i) => ({ serviceId: i.serviceId, associationId: scope.associationId, etat: 'A', isReferent: i.isReferent, createdById: claims.userId, createdByType })),
          },
        } as never);
        await audit.record(tx, { associationId: scope.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: created.id, action: 'creer', before: null, after: { id_fo: idFo, code_subvention: body.description.code_subvention, exercice: body.description.exercice, id_siret: body.demandeur.id_siret } });
        return created.id;
      });
      return view(claims, { mode: 'read', dossierId: id, idFo: '', associationId: scope.associationId, side: 'association', siret: scope.siret, serviceIds: [], write: true });
    },

    async updateStep(claims: AuthClaims, scope: DossierScope<'write'>, input: StepInput) {
      await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, scope);
        const plan = await planStep(tx, repository, row, input, scope.siret);
        await repository.update(tx, row.id, plan.data, { complet: plan.complet });
        // Another applicant establishment: every project takes it, and its manager (spec §4).
        if (input.step === 1 && input.demandeur.id_siret !== row.idSiret) {
          await repository.alignProjectsApplicant(tx, row.id, { idSiret: input.demandeur.id_siret, idResponsable: input.demandeur.id_responsable });
        }
        // Steps 0 and 2 change the exercise, end year or multi-year flag: the projects follow (spec §4).
        if (input.step === 0 || input.step === 2) await realignProjects(tx, row.id);
        // A changed renewal answer: every project takes the new one (the member may then set one otherwise).
        if (input.step === 2) await followDossierRenewal(tx, row.id, row.renouvellement, input.renouvellement);
        await audit.record(tx, { associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: row.id, action: `etape_${input.step}`, before: { step: row.step, statut: row.statut }, after: { step: plan.data.step as number, ...(plan.data.statut ? { statut: plan.data.statut as string } : {}) } });
        // On a dossier sent back for correction, the services hear of what they will see changed.
        if (input.step === 1 && input.demandeur.id_siret !== row.idSiret) await exchanges.tellReachedServices(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_siret, "L'établissement demandeur du dossier a changé.");
        if (input.step === 1 && input.demandeur.id_rib !== row.idRib) await exchanges.tellReachedServices(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_rib, 'Le RIB du dossier a changé.');
        if (plan.data.statut !== undefined && plan.data.statut !== row.statut) await exchanges.tellReachedServices(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_statut_dossier, 'Le statut du dossier a changé.');
      });
      await mail.flush().catch(() => undefined);
      return view(claims, scope);
    },

    async setDocuments(claims: AuthClaims, scope: DossierScope<'write'>, documents: { code: string; uuid: string }[], replace: boolean) {
      await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, scope, claims);
        // Each document goes under a code of a document the dossier's subvention expects.
        const expected = new Map((await repository.expectedOf(tx, row.subventionId)).documents.map((d) => [d.code, d]));
        const unknown = documents.find((d) => !expected.has(d.code));
        if (unknown) throw appError('DOSSIER_INPUT_INVALID', { motif: DOSSIER_MESSAGES.documentCodeUnknown(unknown.code) });
        const ids = [...new Set(documents.map((d) => d.uuid))];
        const owned = await repository.documentsOf(row.associationId, ids);
        const visible = owned.filter((d) => scope.siret === null || d.idSiret === null || d.idSiret === scope.siret);
        if (visible.length !== ids.length) throw appError('DOSSIER_INPUT_INVALID', { motif: DOSSIER_MESSAGES.documentNotOfAssociation });
        // A slot takes a document of the type it expects (a RIB's scan is not the statutes): step 1's RIB copy and step 2 alike.
        const typeOf = new Map(owned.map((d) => [d.id, d.type]));
        const misplaced = documents.find((d) => typeOf.get(d.uuid) !== expected.get(d.code)!.nature);
        if (misplaced) {
          const slot = expected.get(misplaced.code)!;
          throw appError('DOSSIER_INPUT_INVALID', { motif: DOSSIER_MESSAGES.documentWrongType(slot.label, slot.nature) });
        }
        await repository.replaceDocuments(tx, row.id, documents.map((d) => ({ code: d.code, documentId: d.uuid })), replace);
        await audit.record(tx, { associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: row.id, action: 'documents', before: null, after: { documents: documents.map((d) => `${d.code}:${d.uuid}`).join(',') } });
        const before = new Set(row.documents.map((d) => `${d.code}:${d.documentId}`));
        const changed = replace ? documents.length !== before.size || documents.some((d) => !before.has(`${d.code}:${d.uuid}`)) : documents.some((d) => !before.has(`${d.code}:${d.uuid}`));
        if (changed) await exchanges.tellReachedServices(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_document, 'Les documents du dossier ont changé.');
      });
      await mail.flush().catch(() => undefined);
      return view(claims, scope);
    },

    /**
     * The RIB apart from the wizard (machine action changer_rib, spec §4): in instruction and once
     * granted until the last payment (2, 6, 7, 8), and sent back (C) when the campaign is closed.
     */
    async setRib(claims: AuthClaims, scope: DossierScope<'write'>, idRib: string) {
      await repository.transaction(async (tx) => {
        await repository.lock(tx, scope.dossierId);
        const row = await repository.findById(scope.dossierId, tx);
        const actor = claimsActor(claims, { associationIds: [scope.associationId], serviceIds: [] });
        if (!row || row.deletedAt || !dossierOptions(row, actor).actions.includes('changer_rib')) throw appError('DOSSIER_NOT_EDITABLE');
        const rib = await repository.rib(row.associationId, idRib);
        if (!rib || rib.idSiret !== row.idSiret) throw appError('DOSSIER_INPUT_INVALID', { motif: DOSSIER_MESSAGES.ribNotOfEstablishment });
        await repository.update(tx, row.id, { idRib }, {});
        await audit.record(tx, { associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: row.id, action: 'rib', before: { id_rib: row.idRib }, after: { id_rib: idRib } });
        // The services the dossier reached pay to this account: they hear of the change (type 6) with it.
        if (idRib !== row.idRib) await exchanges.tellReachedServices(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_rib, 'Le RIB du dossier a changé.');
      });
      await mail.flush().catch(() => undefined);
      return view(claims, scope);
    },

    notify: exchanges.notify,
    message: exchanges.message,
    share: exchanges.share,

    /**
     * Every live instruction goes to B through the machine (event supprimer) and the dossier is marked
     * deleted, in one transaction: one refusal and nothing moves.
     */
    /** A document the dossier holds, for whoever reads the dossier (its instructing agents too); 404 for any other. */
    async documentTicket(claims: AuthClaims, scope: DossierScope, documentId: string) {
      if (!(await repository.holdsDocument(scope.dossierId, documentId))) throw appError('NOT_FOUND');
      return deps.documentTickets(claims, scope.associationId, documentId);
    },

    async remove(claims: AuthClaims, scope: DossierScope<'write'>) {
      const fired = await repository.transaction(async (tx) => {
        await repository.lock(tx, scope.dossierId);
        const states = await repository.states(tx, scope.dossierId);
        const live = states.filter((i) => i.etat !== 'B');
        if (states.length > 0 && live.length === 0) throw wrongState('supprimer', 'B');
        const moved = [];
        for (const instruction of live) {
          moved.push(await workflow.fireIn(tx, { target: instructionTarget, objectId: instruction.id, event: 'supprimer', claims }));
        }
        await repository.update(tx, scope.dossierId, { deletedAt: new Date() }, {});
        return moved;
      });
      await workflow.flushMails(fired);
      return { message: DOSSIER_MESSAGES.deleted };
    },

    /**
     * Every instruction in A or C goes to D through the machine, only when nothing is missing (the
     * list of what is, otherwise), in one transaction under the dossier's lock: one refusal and nothing moves.
     */
    async transmit(claims: AuthClaims, scope: DossierScope<'write'>) {
      const fired = await repository.transaction(async (tx) => {
        await repository.lock(tx, scope.dossierId);
        const row = await repository.findById(scope.dossierId, tx);
        if (!row) throw appError('DOSSIER_NOT_FOUND');
        // Checked under the lock: of two transmissions at once, the second finds the dossier sent.
        if (row.instructions.length > 0 && !row.instructions.some((i) => i.etat === 'A' || i.etat === 'C')) throw wrongState('transmettre', row.instructions[0]!.etat);
        // A first transmission only while the campaign takes dossiers; a dossier the service sent back (C) may return to it.
        const window = windowOf(row.subvention, row.sousDispositifId);
        if (!window.open && row.instructions.some((i) => i.etat === 'A')) throw appError('CAMPAIGN_CLOSED', { motif: campaignClosedMessage(window) });
        const missing = await missingBeforeTransmission(tx, repository, { ...toDossierView(row, { events: [], actions: [] }), subventionId: row.subventionId });
        if (missing.length > 0) throw appError('DOSSIER_NOT_TRANSMITTABLE', { manquants: missing.map((m) => m.label) });
        const moved = [];
        for (const instruction of row.instructions) {
          const event = instruction.etat === 'A' ? 'transmettre' : instruction.etat === 'C' ? 'retransmettre' : null;
          if (event) moved.push(await workflow.fireIn(tx, { target: instructionTarget, objectId: instruction.id, event, claims }));
        }
        return moved;
      });
      await workflow.flushMails(fired);
      return view(claims, scope);
    },
  };
}
export type DossierService = ReturnType<typeof createDossierService>;

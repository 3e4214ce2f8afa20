// The instructing services' side of a subsidy dossier (docs/domain.md « Instruction par les
// services »): events of one service's instruction through the dossier_instruction machine, each in
// one transaction with what it carries (amounts granted on the service's financing lines, a
// payment); the « incomplet » mark and the association completing the dossier; the history per
// instruction; a dossier a service creates on an association's behalf.
import {
  describeGuard,
  dossierInstructionMachine,
  failingGuard,
  INSTRUCTION_MESSAGES,
  isPaymentEvent,
  NOTIFICATION_TYPE_IDS,
  type BulkPayment,
  type PaymentEvent,
  type DossierHistory,
  type DossierState,
  type InstructionEvent,
  type InstructionStatut,
  type MachineActor,
  type MontantLine,
} from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AssociationScope, DossierScope, InstructionScope, ScopeResolvers } from '../../../http/resource-scope.ts';
import type { AuditService } from '../../audit/index.ts';
import type { MailService } from '../../mail/index.ts';
import type { NotificationService } from '../../notifications/index.ts';
import type { TransitionService } from '../../workflow/index.ts';
import type { InstructionRepository } from './instruction.repository.ts';
import { dossierScopeFor, instructionScopeFor, threadServicesFor } from './policy.ts';
import type { DossierRepository, DossierRow } from './repository.ts';
import type { DossierScopeRepository } from './scope.repository.ts';
import { instructionTarget, type DossierService } from './service.ts';
import { instructionSubject } from './view.ts';

export interface InstructionServiceDeps {
  repository: InstructionRepository;
  dossierRepository: DossierRepository;
  scopeRepository: DossierScopeRepository;
  dossiers: DossierService;
  workflow: TransitionService;
  audit: AuditService;
  mail: Pick<MailService, 'flush'>;
  notifications: NotificationService;
}

/** What the bulk actions name: one dossier, one service's instruction, one event with its payload. */
/**
 * A payment stage fired on many dossiers at once (the bulk actions): the amount is a share of what
 * the service granted on each, computed under the dossier's lock (never above what remains to pay).
 */
export interface PaymentShareEvent {
  event: PaymentEvent;
  comment?: string | undefined;
  part: BulkPayment;
}
type FiredEvent = InstructionEvent | PaymentShareEvent;

export type InstructionFireInput = { dossierId: string; serviceId: string } & FiredEvent;

type Action = 'marquer_incomplet' | 'marquer_complet' | 'completer';

/** The history comment of an event: the reason of a refusal or rejection, then the instructor's comment. */
function commentOf(body: FiredEvent): string | null {
  const parts = ['motif' in body ? body.motif : undefined, body.comment].filter((p): p is string => typeof p === 'string' && p.length > 0);
  return parts.length > 0 ? parts.join('\n') : null;
}

const euros = (n: number) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(n);
/** Cents, rounded half up: the share of a granted amount. */
const toCents = (euros: number) => Math.round(euros * 100) / 100;

export function createInstructionService(deps: InstructionServiceDeps) {
  const { repository, dossierRepository, scopeRepository, dossiers, workflow, audit, mail, notifications } = deps;

  async function dossierScope(claims: AuthClaims, dossierId: string): Promise<DossierScope<'read'>> {
    return dossierScopeFor(claims, await scopeRepository.findAccess(dossierId, claims.userId), 'read');
  }

  /** The amounts granted, on the service's own financing lines of the dossier's projects only (each line once). */
  async function writeAmounts(tx: DbTransaction, claims: AuthClaims, scope: InstructionScope, montants: MontantLine[]) {
    const lines = await repository.financingLines(tx, scope.dossierId, scope.serviceId);
    const byKey = new Map(lines.map((l) => [`${l.projetId}:${l.annee}`, l]));
    const seen = new Set<string>();
    for (const m of montants) {
      const key = `${m.projet}:${m.annee}`;
      if (seen.has(key)) throw appError('DOSSIER_INPUT_INVALID', { motif: INSTRUCTION_MESSAGES.lineTwice(m.annee) });
      seen.add(key);
      if (!byKey.has(key)) throw appError('DOSSIER_INPUT_INVALID', { motif: INSTRUCTION_MESSAGES.lineNotOfService });
    }
    for (const m of montants) await repository.setAmounts(tx, byKey.get(`${m.projet}:${m.annee}`)!.id, { montantPropose: m.montant_propose, montantAccorde: m.montant_accorde });
    await audit.record(tx, {
      associationId: scope.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: scope.dossierId, action: 'montants',
      before: null, after: { service: scope.serviceId, montants: montants.map((m) => `${m.projet}:${m.annee}:${m.montant_propose ?? ''}:${m.montant_accorde}`).join(',') },
    });
  }

  /** Fires the event on the instruction in `tx`, with what it carries. */
  async function fireIn(tx: DbTransaction, claims: AuthClaims, scope: InstructionScope<'write'>, body: FiredEvent) {
    const fired = await workflow.fireIn(tx, { target: instructionTarget, objectId: scope.instructionId, event: body.event, claims, comment: commentOf(body) });
    if (body.event === 'accorder') await writeAmounts(tx, claims, scope, body.montants);
    if (isPaymentEvent(body.event) && ('paiement' in body || 'part' in body)) {
      const { granted, paid } = await repository.grantedAndPaid(tx, scope.dossierId, scope.instructionId, scope.serviceId);
      let paiement: { date: string; montant: number };
      if ('part' in body) {
        const montant = toCents(Math.min(granted - paid, (granted * body.part.pourcentage) / 100));
        if (montant <= 0) throw appError('DOSSIER_INPUT_INVALID', { motif: INSTRUCTION_MESSAGES.nothingLeftToPay(euros(granted)) });
        paiement = { date: body.part.date, montant };
      } else {
        paiement = body.paiement;
      }
      if (paid + paiement.montant > granted + 1e-9) throw appError('DOSSIER_INPUT_INVALID', { motif: INSTRUCTION_MESSAGES.paymentAboveGranted(euros(granted)) });
      await repository.addPayment(tx, { instructionId: scope.instructionId, historyId: fired.historyId, ...paiement });
    }
    // The dossier now has a service in charge of it: its members hear which (notification type 7).
    if (body.event === 'ouvrir_instruction') {
      const { idSiret, serviceNom } = await repository.serviceInCharge(tx, scope.dossierId, scope.serviceId);
      const members = (await dossierRepository.membersFor(tx, scope.associationId, idSiret)).filter((p) => p.userId !== claims.userId);
      await notifications.notify(tx, {
        associationId: scope.associationId, userIds: members.map((p) => p.userId), type: NOTIFICATION_TYPE_IDS.modification_service,
        payload: { dossier: scope.dossierId, id_fo: scope.idFo, service: serviceNom, evenement: body.event, texte: `Le service « ${serviceNom} » instruit le dossier n° ${scope.idFo}.` },
        author: claims.userId,
      });
    }
    return fired;
  }

  /** One event in its own transaction; a service-created dossier's removal moves it whole (dossiers.remove). */
  async function fireScoped(claims: AuthClaims, scope: InstructionScope<'write'>, body: FiredEvent) {
    if (body.event === 'supprimer') {
      const base = { dossierId: scope.dossierId, idFo: scope.idFo, associationId: scope.associationId, siret: null, serviceIds: [scope.serviceId] };
      await dossiers.remove(claims, { ...base, mode: 'write', side: 'service', write: true });
      return { dossierId: scope.dossierId, serviceId: scope.serviceId, event: body.event, from: 'A', to: 'B' };
    }
    const fired = await dossierRepository.transaction((tx) => fireIn(tx, claims, scope, body));
    await workflow.flushMails([fired]);
    return { dossierId: scope.dossierId, serviceId: scope.serviceId, event: body.event, from: fired.from as DossierState, to: fired.to as DossierState };
  }

  /** Refuses a machine action the dossier does not offer the actor now, saying why. */
  function checkAction(row: DossierRow, instruction: DossierRow['instructions'][number], action: Action, actor: MachineActor) {
    const definition = dossierInstructionMachine.actions[action];
    const subject = instructionSubject(row, instruction);
    const label = dossierInstructionMachine.states[instruction.etat as DossierState]?.label ?? instruction.etat;
    if (row.deletedAt || !(definition.in as readonly string[]).includes(instruction.etat)) {
      throw appError('INSTRUCTION_ACTION_REFUSED', { action: definition.label, condition: `que le dossier ne soit pas à l'état « ${label} »` });
    }
    const failed = failingGuard(definition.guard, subject, actor);
    if (failed) throw appError('INSTRUCTION_ACTION_REFUSED', { action: definition.label, condition: describeGuard(failed) });
  }

  const resolvers = {
    /** One service's instruction of the dossier: 404 unseen or another service's, 403 read only (policy.ts). */
    instruction: async (claims, ids, declared) => instructionScopeFor(claims, await scopeRepository.findAccess(ids.dossier, claims.userId), ids.service, declared.mode),
  } satisfies ScopeResolvers;

  return {
    resolvers,

    /**
     * One event of one instruction, for callers without a resolved scope (the bulk actions): the
     * caller's reach is checked (404 DOSSIER_NOT_FOUND / INSTRUCTION_NOT_FOUND), then the event runs in
     * its own transaction (409 when the state no longer allows it). Answers the move made.
     */
    async fire(claims: AuthClaims, input: InstructionFireInput) {
      const { dossierId, serviceId, ...body } = input;
      const scope = instructionScopeFor(claims, await scopeRepository.findAccess(dossierId, claims.userId), serviceId, 'write');
      return fireScoped(claims, scope, body as FiredEvent);
    },

    /** The route: the event, then the dossier as the caller now sees it. */
    async fireEvent(claims: AuthClaims, scope: InstructionScope<'write'>, body: InstructionEvent) {
      await fireScoped(claims, scope, body);
      return dossiers.view(claims, await dossierScope(claims, scope.dossierId));
    },

    /** The « incomplet » mark (spec §3, §4): set with what is missing, or cleared; the members hear of it (type 2, mail). */
    async setStatut(claims: AuthClaims, scope: InstructionScope<'write'>, body: InstructionStatut) {
      await dossierRepository.transaction(async (tx) => {
        await dossierRepository.lock(tx, scope.dossierId);
        const row = (await dossierRepository.findById(scope.dossierId, tx))!;
        const instruction = row.instructions.find((i) => i.id === scope.instructionId)!;
        checkAction(row, instruction, body.statut === 'incomplet' ? 'marquer_incomplet' : 'marquer_complet', { id: claims.userId, roles: claims.roles, associationIds: [], serviceIds: [scope.serviceId] });
        const commentaire = body.comment ?? null;
        await repository.setStatut(tx, row.id, { statut: body.statut, commentaire, serviceId: scope.serviceId });
        await audit.record(tx, {
          associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: row.id, action: 'statut',
          before: { statut: row.statut }, after: { statut: body.statut, ...(commentaire ? { commentaire } : {}) },
        });
        const text = body.statut === 'incomplet'
          ? `Le service « ${instruction.service.nom} » a marqué le dossier incomplet : ${commentaire}`
          : `Le service « ${instruction.service.nom} » a levé la mention incomplet du dossier.${commentaire ? ` ${commentaire}` : ''}`;
        await dossiers.tellMembers(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_statut_dossier, text);
      });
      await mail.flush().catch(() => undefined);
      return dossiers.view(claims, await dossierScope(claims, scope.dossierId));
    },

    /** The association completes a dossier marked incomplete (action completer): statut complet, the services told (type 2, mail). */
    async complete(claims: AuthClaims, scope: DossierScope<'write'>, body: { comment?: string }) {
      await dossierRepository.transaction(async (tx) => {
        await dossierRepository.lock(tx, scope.dossierId);
        const row = (await dossierRepository.findById(scope.dossierId, tx))!;
        const actor = { id: claims.userId, roles: claims.roles, associationIds: [scope.associationId], serviceIds: [] };
        const offering = row.instructions.find((i) => dossierInstructionMachine.actions.completer.in.includes(i.etat as never)) ?? row.instructions[0];
        if (!offering) throw appError('DOSSIER_NOT_FOUND');
        checkAction(row, offering, 'completer', actor);
        await repository.setStatut(tx, row.id, { statut: 'complet', commentaire: null, serviceId: null });
        await audit.record(tx, {
          associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: row.id, action: 'completer',
          before: { statut: row.statut }, after: { statut: 'complet', ...(body.comment ? { commentaire: body.comment } : {}) },
        });
        await dossiers.tellReachedServices(tx, claims, row, NOTIFICATION_TYPE_IDS.modification_statut_dossier, `L'association a complété le dossier.${body.comment ? ` ${body.comment}` : ''}`);
      });
      await mail.flush().catch(() => undefined);
      return dossiers.view(claims, scope);
    },

    /** The dossier's history per instruction: an agent reads its services' instructions only. */
    async history(claims: AuthClaims, scope: DossierScope): Promise<DossierHistory> {
      const row = await dossierRepository.findById(scope.dossierId);
      if (!row) throw appError('DOSSIER_NOT_FOUND');
      const only = threadServicesFor(scope);
      const instructions = row.instructions.filter((i) => !only || only.includes(i.serviceId));
      const rows = await repository.history(instructions.map((i) => i.id));
      const labelOf = (event: string) => (dossierInstructionMachine.events as Record<string, { label: string }>)[event]?.label ?? event;
      return {
        instructions: instructions.map((i) => ({
          id_service_instructeur: i.serviceId,
          service: i.service.nom,
          etat: i.etat as DossierState,
          historique: rows.filter((h) => h.objectId === i.id).map((h) => {
            const byService = h.serviceNom !== null;
            const person = [h.prenom, h.nom].filter(Boolean).join(' ') || null;
            return {
              date: h.createdAt.toISOString(),
              evenement: h.event,
              libelle: labelOf(h.event),
              de: h.fromState as DossierState,
              vers: h.toState as DossierState,
              // An agent acts in its service's name; a member by first name and name.
              auteur: byService ? h.serviceNom : person,
              cote: byService ? 'service' : ['transmettre', 'retransmettre', 'supprimer'].includes(h.event) ? 'association' : h.fromState === 'A' ? null : 'service',
              commentaire: h.comment,
              paiement: h.paiementDate && h.paiementMontant ? { date: h.paiementDate.toISOString().slice(0, 10), montant: Number(h.paiementMontant) } : null,
            };
          }),
        })),
      };
    },

    /**
     * A dossier an agent creates on an association's behalf for a campaign its service instructs:
     * created by the service, with that service's instruction only, in A (the association fills and
     * transmits it; the service may remove it while in A).
     */
    async createForAssociation(
      claims: AuthClaims,
      body: { id_asso: string; description: { code_subvention: string; id_sous_type_dispositif?: string | null; exercice: number }; demandeur: { id_siret: string; nom?: string | null } },
    ) {
      const service = await repository.ownService(claims.userId);
      if (!service) throw appError('SERVICE_NOT_INSTRUCTING');
      if (!(await repository.associationExists(body.id_asso))) throw appError('NOT_FOUND');
      if ((await repository.campaignInstructedBy(body.description.code_subvention, service.id)) === false) throw appError('SERVICE_NOT_INSTRUCTING');
      const scope: AssociationScope<'write'> = { mode: 'write', associationId: body.id_asso, siret: null, writeAll: true, write: true };
      const created = await dossiers.create(claims, scope, body, { serviceId: service.id });
      return dossiers.view(claims, await dossierScope(claims, created.id));
    },
  };
}
export type InstructionService = ReturnType<typeof createInstructionService>;

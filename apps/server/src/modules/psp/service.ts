// Pass'Sport (docs/domain.md « Pass'Sport »): the structure's dossier (one live dossier per
// SIRET, returned instead of a second one), its sharing and federations, the inscriptions of
// beneficiaries by their code with every refusal of §8, the machine pass_sport fired through the
// workflow engine, affiliation certificates among the association's documents, the beneficiaries'
// list. Each change is written with its audit entry in the request's transaction.
import { randomUUID } from 'node:crypto';
import {
  exerciceIdOfCode,
  optionsOf,
  PASS_SPORT_MESSAGES as M,
  passSportMachine,
  PSP_CERTIFICATE_DOCUMENT_TYPE,
  pspNameKey,
  type MachineActor,
  type NotificationTypeId,
  type PspBeneficiaireQuery,
  type PspCertificate,
  type PspCertificateQuery,
  type PspDossier,
  type PspDossierInput,
  type PspDossierUpdate,
  type PspAdminDossier,
  type PspAdminDossierQuery,
  type PspEvent,
  type PspExercice,
  type PspExerciceInput,
  type PspExercicePatch,
  type PspFederation,
  type PspInscription,
  type PspInscriptionInput,
  type PspStructure,
} from '@portail/contract';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AssociationScope, EstablishmentScope, PassSportDossierScope, ScopeResolvers } from '../../http/resource-scope.ts';
import type { AuditService } from '../audit/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import { linkSiret, type AccessService, type DocumentService, type MemberLink } from '../proxy-asso/index.ts';
import type { TransitionService, WorkflowTarget } from '../workflow/index.ts';
import { eligibilityOf, isLcaAdmin, pspDossierScopeFor, registrationsRefusal } from './policy.ts';
import type { PspDossierRow, PspRepository } from './repository.ts';
import { federationsOf, subjectOf, toBeneficiaireView, toCertificateView, toDossierView, toExerciceView, toInscriptionView } from './view.ts';

export interface PspServiceDeps {
  repository: PspRepository;
  workflow: TransitionService;
  audit: AuditService;
  notifications: Pick<NotificationService, 'notify'>;
  access: Pick<AccessService, 'resolvers'>;
  documents: Pick<DocumentService, 'upload' | 'issueTicketForHeldDocument'>;
  /** Today, for the exercises' dates and approvals' validity (tests move it). */
  now?: () => Date;
}

/** The machine's objects: a row of psp_dossiers; its creator and the people it is shared with act for the structure. */
export const pspDossierTarget: WorkflowTarget = {
  machine: passSportMachine,
  table: { table: 'psp_dossiers', stateColumn: 'etat', associationColumn: 'association_id' },
  subjectOf: (row) => ({
    createdBy: row.created_by_id ? { id: String(row.created_by_id), side: 'association' } : null,
    sharedWith: Array.isArray(row.shared_with) ? (row.shared_with as unknown[]).map(String) : [],
    serviceId: row.service_id ? String(row.service_id) : null,
  }),
  nameOf: (row) => `Le dossier Pass'Sport n° ${String(row.numero)}`,
  linkOf: (row) => `/client/associations/${String(row.id_siret)}/pass-sport`,
  payloadOf: (row) => ({ psp_dossier: String(row.id), numero: String(row.numero) }),
};

/** States that delete the dossier: the structure may then create another. */
const DELETED_STATES = ['8', '9'];

export function createPspService({ repository, workflow, audit, notifications, access, documents, now = () => new Date() }: PspServiceDeps) {
  const actorFrom = (claims: AuthClaims) => ({ id: claims.userId, email: claims.email });
  /** How the machine sees the caller: a member of the dossier's association when the scope says so. */
  const machineActor = (claims: AuthClaims, associationId: string, member: boolean): MachineActor => ({
    id: claims.userId, roles: claims.roles, associationIds: member ? [associationId] : [], serviceIds: [],
  });
  const memberOf = (scope: PassSportDossierScope) => scope.reach === 'owner' || scope.reach === 'headOffice';

  async function load(id: string, tx?: DbTransaction, exerciceId?: number): Promise<PspDossierRow> {
    const row = await repository.find(id, tx, exerciceId);
    if (!row) throw appError('PSP_DOSSIER_NOT_ACCESSIBLE');
    return row;
  }
  async function view(claims: AuthClaims, row: PspDossierRow, member: boolean): Promise<PspDossier> {
    return toDossierView(row, machineActor(claims, row.associationId, member), await repository.exercices());
  }

  async function eligibility(associationId: string) {
    const [facts, attestations] = await Promise.all([repository.eligibilityFacts(associationId), repository.affiliations(associationId)]);
    return eligibilityOf({ ...facts, attestations }, now());
  }
  async function assertEligible(associationId: string) {
    if (!(await eligibility(associationId)).eligible) throw appError('PSP_NOT_ELIGIBLE');
  }

  /** Locks the dossier for a change of its inscriptions or its structure: 403 once the machine no longer allows `modifier`. */
  async function lockEditable(tx: DbTransaction, claims: AuthClaims, scope: PassSportDossierScope): Promise<PspDossierRow> {
    await repository.lock(tx, scope.dossierId);
    const row = await load(scope.dossierId, tx);
    if (!toDossierView(row, machineActor(claims, row.associationId, memberOf(scope)), []).options.modifier) throw appError('PSP_DOSSIER_NOT_EDITABLE');
    return row;
  }

  async function assertShareable(associationId: string, userIds: readonly string[]) {
    const members = await repository.membersAmong(associationId, [...userIds]);
    if (userIds.some((id) => !members.has(id))) throw appError('PSP_NOT_SHAREABLE');
  }

  /**
   * Federations added to a dossier need their affiliation certificate (§8: one per federation, one
   * of a past exercise accepted): of the open exercise or an earlier one (any, when none is open).
   */
  async function assertCertified(tx: DbTransaction, associationId: string, added: readonly PspFederation[]) {
    if (added.length === 0) return;
    const open = await repository.activeExercice();
    for (const federation of added) {
      if (!(await repository.hasCertificate(associationId, federation.siren, open?.id ?? 99, tx))) throw appError('PSP_AFFILIATION_CERTIFICATE_MISSING', { nom: federation.nom });
    }
  }

  /** The federation must be one of the dossier's, with an affiliation certificate for the exercise or an earlier one. */
  async function assertFederation(row: PspDossierRow, siren: string | null | undefined, exerciceId: number, tx: DbTransaction) {
    if (!siren) return;
    const federation = federationsOf(row.federations).find((f) => f.siren === siren);
    if (!federation) throw appError('PSP_FEDERATION_UNKNOWN');
    if (!(await repository.hasCertificate(row.associationId, siren, exerciceId, tx))) throw appError('PSP_AFFILIATION_CERTIFICATE_MISSING', { nom: federation.nom });
  }

  async function standingInscription(tx: DbTransaction, scope: PassSportDossierScope, inscriptionId: string) {
    const inscription = await repository.inscription(inscriptionId, scope.dossierId, tx);
    if (!inscription) throw appError('PSP_INSCRIPTION_NOT_FOUND');
    if (inscription.idEtat !== '1') throw appError('PSP_INSCRIPTION_REMOVED');
    return inscription;
  }

  const resolvers = {
    passSportDossier: async (claims, id, declared) => pspDossierScopeFor(claims, await repository.tieOf(id, claims.userId), declared.mode),
  } satisfies ScopeResolvers;

  return {
    resolvers,

    /**
     * The structure's dossier: created when it has none, else its live one returned (the caller,
     * who may change the establishment, is added to the people it is shared with so it reaches it).
     */
    async create(claims: AuthClaims, body: PspDossierInput): Promise<{ dossier: PspDossier; message: string; created: boolean }> {
      const siret = body.structure.id_siret;
      const scope = await access.resolvers.establishment(claims, { association: siret, siret }, {
        resource: 'establishment', association: { in: 'query', key: 'idSiret' }, siret: { in: 'query', key: 'idSiret' }, mode: 'write',
      });
      const member = !isLcaAdmin(claims);
      const existing = await repository.liveDossierOf(siret);
      if (existing) return { dossier: await this.joinExisting(claims, existing, member), message: M.existing, created: false };

      await assertEligible(scope.associationId);
      const sharedWith = [...new Set(body.shared_with ?? [])];
      await assertShareable(scope.associationId, sharedWith);
      if (body.structure.id_rib && !(await repository.ribOfSiret(body.structure.id_rib, siret))) throw appError('PSP_RIB_NOT_OF_STRUCTURE');
      const id = await repository.transaction(async (tx) => {
        const created = await repository.create(tx, {
          id: randomUUID(), associationId: scope.associationId, idSiret: siret, nom: body.structure.nom, idRib: body.structure.id_rib ?? null, sharedWith, createdById: claims.userId,
        });
        if (created) {
          await audit.record(tx, {
            associationId: scope.associationId, actor: actorFrom(claims), entity: 'psp_dossier', entityId: created, action: 'create', idSiret: siret,
            after: { nom: body.structure.nom, shared_with: sharedWith },
          });
        }
        return created;
      });
      // Created by another call at the same moment: that one is the structure's dossier.
      if (!id) return { dossier: await this.joinExisting(claims, (await repository.liveDossierOf(siret))!, member), message: M.existing, created: false };
      return { dossier: await view(claims, await load(id), member), message: M.created, created: true };
    },

    /** The live dossier `id` for a caller who asked to create one: shared with them when they do not reach it yet. */
    async joinExisting(claims: AuthClaims, id: string, member: boolean): Promise<PspDossier> {
      const row = await load(id);
      if (member && row.createdById !== claims.userId && !row.sharedWith.includes(claims.userId)) {
        await repository.transaction(async (tx) => {
          await repository.lock(tx, id);
          const locked = await load(id, tx);
          await repository.update(tx, id, { sharedWith: [...locked.sharedWith, claims.userId] });
          await audit.record(tx, {
            associationId: row.associationId, actor: actorFrom(claims), entity: 'psp_dossier', entityId: id, action: 'update', idSiret: row.idSiret,
            before: { shared_with: locked.sharedWith }, after: { shared_with: [...locked.sharedWith, claims.userId] },
          });
        });
      }
      return view(claims, await load(id), member);
    },

    /** The structure's dossiers the caller reaches: all for administrators and the head office, else those it created or is shared with. */
    async list(claims: AuthClaims, scope: EstablishmentScope<'read'>, exerciceId?: number): Promise<PspDossier[]> {
      const member = claims.roles.includes('lca.association') && !isLcaAdmin(claims);
      const all = !member || scope.siret === null;
      const rows = await repository.list(scope.establishment, all ? null : claims.userId, exerciceId);
      const exercices = await repository.exercices();
      return rows.map((row) => toDossierView(row, machineActor(claims, row.associationId, member), exercices));
    },

    /**
     * The active exercise's figures over the dossiers the caller's `links` reach, by the list's rule:
     * a head office's member (and an administrator, everywhere) all of them, a secondary
     * establishment's those it created or is shared with; null when no exercise is active.
     */
    async dashboardCounts(claims: AuthClaims, links: readonly MemberLink[]): Promise<{ exercice: number; dossiers: number; inscriptions: number } | null> {
      const active = (await repository.exercices()).find((e) => e.active);
      if (!active) return null;
      const mine = { OR: [{ createdById: claims.userId }, { sharedWith: { has: claims.userId } }] };
      const where = isLcaAdmin(claims)
        ? {}
        : { OR: links.map((l) => { const siret = linkSiret(l); return siret ? { associationId: l.associationId, idSiret: siret, ...mine } : { associationId: l.associationId }; }) };
      const counts = links.length === 0 && !isLcaAdmin(claims) ? { dossiers: 0, inscriptions: 0 } : await repository.liveCounts(where, active.id);
      return { exercice: active.annee, ...counts };
    },

    async update(claims: AuthClaims, scope: PassSportDossierScope<'write'>, body: PspDossierUpdate, forceNotificationType?: number): Promise<PspDossier> {
      await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, claims, scope);
        const changes: { nom?: string; idRib?: string | null; sharedWith?: string[]; federations?: object[] } = {};
        if (body.structure?.nom !== undefined) changes.nom = body.structure.nom;
        if (body.structure?.id_rib !== undefined) {
          if (body.structure.id_rib && !(await repository.ribOfSiret(body.structure.id_rib, row.idSiret))) throw appError('PSP_RIB_NOT_OF_STRUCTURE');
          changes.idRib = body.structure.id_rib;
        }
        if (body.shared_with) {
          changes.sharedWith = [...new Set(body.shared_with)];
          await assertShareable(row.associationId, changes.sharedWith);
        }
        if (body.federations) {
          const kept = new Set(body.federations.map((f) => f.siren));
          const standing = await repository.standingPerFederation(tx, row.id);
          const removed = federationsOf(row.federations).find((f) => !kept.has(f.siren) && (standing.get(f.siren) ?? 0) > 0);
          if (removed) throw appError('PSP_FEDERATION_HAS_INSCRIPTIONS', { nom: removed.nom });
          const federations = [...new Map(body.federations.map((f) => [f.siren, f])).values()];
          const had = new Set(federationsOf(row.federations).map((f) => f.siren));
          await assertCertified(tx, row.associationId, federations.filter((f) => !had.has(f.siren)));
          changes.federations = federations;
        }
        await repository.update(tx, row.id, changes);
        await audit.record(tx, {
          associationId: row.associationId, actor: actorFrom(claims), entity: 'psp_dossier', entityId: row.id, action: 'update', idSiret: row.idSiret,
          before: { nom: row.nom, id_rib: row.idRib, shared_with: row.sharedWith, federations: row.federations }, after: changes,
        });
        if (forceNotificationType !== undefined) {
          const people = [row.createdById, ...(changes.sharedWith ?? row.sharedWith)].filter((id): id is string => !!id && id !== claims.userId);
          await notifications.notify(tx, {
            associationId: row.associationId, userIds: people, type: forceNotificationType as NotificationTypeId,
            payload: { psp_dossier: row.id, numero: String(row.numero) }, author: claims.userId,
          });
        }
      });
      return view(claims, await load(scope.dossierId), memberOf(scope));
    },

    /** The structure and whether Pass'Sport is open to it (the page sends the others back to /). */
    async structure(scope: EstablishmentScope<'read'>): Promise<PspStructure> {
      const found = await repository.structure(scope.establishment);
      if (!found) throw appError('NOT_FOUND');
      const { etablissement, ribs, membres } = found;
      const [verdict, attestations, declarees] = await Promise.all([
        eligibility(scope.associationId), repository.affiliations(scope.associationId), repository.declaredFederations(scope.associationId),
      ]);
      return {
        id_siret: etablissement.siret,
        id_siren: etablissement.association.idSiren,
        id_correspondance: etablissement.association.id,
        nom: etablissement.enseigne ?? etablissement.association.nom,
        eligible: verdict.eligible,
        affiliations_reconnues: verdict.affiliations,
        agrements_eligibles: verdict.agrements,
        attestations: attestations.map(toCertificateView),
        federations_declarees: declarees.map((r) => ({ nom: r.nom, siren: r.idSiren })),
        ribs: ribs.map((r) => ({ id: r.id, iban: r.iban, titulaire: r.titulaire })),
        membres: membres.map((m) => ({ id: m.id, prenom: m.prenom, nom: m.nom })),
      };
    },

    exercices: async () => (await repository.exercices()).map(toExerciceView),

    /** Registers the beneficiary of the code, each refusal of §8 in the order a club would fix them. */
    async addInscription(claims: AuthClaims, scope: PassSportDossierScope<'write'>, body: PspInscriptionInput): Promise<PspInscription> {
      return repository.transaction(async (tx) => {
        const row = await lockEditable(tx, claims, scope);
        await assertEligible(row.associationId);
        const beneficiaire = await repository.beneficiaireByCode(body.code_psp, tx);
        if (!beneficiaire) throw appError('PSP_CODE_UNKNOWN', { code: body.code_psp });
        const exercice = await repository.exercice(exerciceIdOfCode(body.code_psp), tx);
        if (!exercice) throw appError('PSP_CODE_UNKNOWN', { code: body.code_psp });
        const refusal = registrationsRefusal(exercice, now());
        if (refusal) throw refusal;
        await assertFederation(row, body.federation_siren, exercice.id, tx);
        const id = await repository.insertInscription(tx, {
          id: randomUUID(), dossierId: row.id, beneficiaireId: beneficiaire.id, exerciceId: exercice.id, federationSiren: body.federation_siren ?? null, createdById: claims.userId,
        });
        if (!id) throw appError('PSP_BENEFICIARY_ALREADY_REGISTERED', { code: body.code_psp });
        await audit.record(tx, {
          associationId: row.associationId, actor: actorFrom(claims), entity: 'psp_inscription', entityId: id, action: 'create', idSiret: row.idSiret,
          after: { dossier: row.numero, code_psp: body.code_psp, federation_siren: body.federation_siren ?? null },
        });
        return toInscriptionView((await repository.inscription(id, row.id, tx))!, federationsOf(row.federations));
      });
    },

    async updateInscription(claims: AuthClaims, scope: PassSportDossierScope<'write'>, inscriptionId: string, federationSiren: string | null): Promise<PspInscription> {
      return repository.transaction(async (tx) => {
        const row = await lockEditable(tx, claims, scope);
        const inscription = await standingInscription(tx, scope, inscriptionId);
        await assertFederation(row, federationSiren, inscription.exerciceId, tx);
        await repository.setFederation(tx, inscription.id, federationSiren);
        await audit.record(tx, {
          associationId: row.associationId, actor: actorFrom(claims), entity: 'psp_inscription', entityId: inscription.id, action: 'update', idSiret: row.idSiret,
          before: { federation_siren: inscription.federationSiren }, after: { federation_siren: federationSiren },
        });
        return toInscriptionView((await repository.inscription(inscription.id, row.id, tx))!, federationsOf(row.federations));
      });
    },

    /** Removes the inscription (state 8) and answers it as it now is. */
    async removeInscription(claims: AuthClaims, scope: PassSportDossierScope<'write'>, inscriptionId: string): Promise<PspInscription> {
      return repository.transaction(async (tx) => {
        const row = await lockEditable(tx, claims, scope);
        const inscription = await standingInscription(tx, scope, inscriptionId);
        await repository.removeInscription(tx, inscription.id);
        await audit.record(tx, {
          associationId: row.associationId, actor: actorFrom(claims), entity: 'psp_inscription', entityId: inscription.id, action: 'delete', idSiret: row.idSiret,
          before: { code_psp: inscription.beneficiaire.codePsp, id_etat: '1' }, after: { id_etat: '8' },
        });
        return toInscriptionView((await repository.inscription(inscription.id, row.id, tx))!, federationsOf(row.federations));
      });
    },

    /** An event of the machine pass_sport (the machine's guards decide who); a deletion frees the structure for a new dossier. */
    async fireEvent(claims: AuthClaims, scope: PassSportDossierScope<'read'>, body: PspEvent): Promise<PspDossier> {
      const fired = await repository.transaction(async (tx) => {
        const transition = await workflow.fireIn(tx, { target: pspDossierTarget, objectId: scope.dossierId, event: body.event, claims, comment: body.comment || null });
        if (DELETED_STATES.includes(transition.to)) await repository.release(tx, scope.dossierId);
        return transition;
      });
      await workflow.flushMails([fired]);
      return view(claims, await load(scope.dossierId), memberOf(scope));
    },

    /** What the PDF draws: the dossier with its standing inscriptions, and the exercises. */
    async pdfData(claims: AuthClaims, scope: PassSportDossierScope<'read'>) {
      const dossier = await view(claims, await load(scope.dossierId), memberOf(scope));
      return { kind: 'pass_sport' as const, dossier: { ...dossier, inscriptions: dossier.inscriptions.filter((i) => i.id_etat === '1') } };
    },

    /**
     * An affiliation certificate of the association to a federation for an exercise (the open one
     * when none is named), filed by its head office among the association's documents (type
     * AFFIL); one per federation and exercise: a new one replaces it and archives its document.
     */
    async uploadAffiliation(claims: AuthClaims, scope: AssociationScope<'write'>, query: PspCertificateQuery, receive: Parameters<DocumentService['upload']>[3]): Promise<PspCertificate> {
      const exercice = query.exerciceId === undefined ? await repository.activeExercice() : await repository.exercice(query.exerciceId);
      if (!exercice) throw appError('PSP_EXERCISE_UNKNOWN');
      return repository.transaction(async (tx) => {
        const previous = await repository.lockCertificate(tx, scope.associationId, query.siren_federation, exercice.id);
        const document = await documents.upload(claims, scope, {
          id_asso: query.id_siren, type: PSP_CERTIFICATE_DOCUMENT_TYPE, annee_validite: exercice.annee, commentaire: `Attestation d'affiliation : ${query.nom_federation}`,
        }, receive, { replaces: previous?.documentId ?? null });
        const row = await repository.saveCertificate(tx, {
          associationId: scope.associationId, sirenFederation: query.siren_federation, nomFederation: query.nom_federation, exerciceId: exercice.id, documentId: document.uuid,
        });
        await audit.record(tx, {
          associationId: scope.associationId, actor: actorFrom(claims), entity: 'psp_affiliation', entityId: row.id, action: previous ? 'update' : 'create',
          ...(previous ? { before: { nom_federation: previous.nomFederation, document: previous.documentId } } : {}),
          after: { siren_federation: row.sirenFederation, nom_federation: row.nomFederation, exercice: exercice.annee, document: document.uuid },
        });
        return toCertificateView(row);
      });
    },

    /** Every structure's dossiers for the administration, with the events the machine lets the caller fire. */
    async adminDossiers(claims: AuthClaims, query: PspAdminDossierQuery): Promise<PspAdminDossier[]> {
      const rows = await repository.adminDossiers({ etat: query.etat, before: query.before, limit: query.limit });
      return rows.map((row) => ({
        id: row.id,
        numero: row.numero,
        id_etat: row.etat as PspAdminDossier['id_etat'],
        libelle_etat: passSportMachine.states[row.etat as PspAdminDossier['id_etat']]?.label ?? row.etat,
        structure: { id_siret: row.idSiret, nom: row.nom },
        association: { id: row.association.id, nom: row.association.nom },
        inscriptions: row._count.inscriptions,
        options: { events: optionsOf(passSportMachine, subjectOf(row), machineActor(claims, row.associationId, false)).events },
        updated_at: row.updatedAt.toISOString(),
      }));
    },

    /** A new exercise: its id is its year's last two digits (the codes' YY). */
    async createExercice(body: PspExerciceInput): Promise<PspExercice> {
      if (body.date_fin < body.date_debut) throw appError('PSP_EXERCISE_DATES');
      const id = body.annee % 100;
      const created = await repository.createExercice({
        id, annee: body.annee, active: body.active, dateDebut: new Date(`${body.date_debut}T00:00:00Z`), dateFin: new Date(`${body.date_fin}T00:00:00Z`),
      });
      if (!created) throw appError('PSP_EXERCISE_EXISTS', { annee: body.annee });
      return toExerciceView((await repository.exercice(id))!);
    },

    /** Opens or closes an exercise, or moves its dates (under its row lock: two changes at once see each other). */
    async updateExercice(id: number, body: PspExercicePatch): Promise<PspExercice> {
      return repository.transaction(async (tx) => {
        const row = await repository.lockExercice(tx, id);
        if (!row) throw appError('PSP_EXERCISE_UNKNOWN');
        const debut = body.date_debut ?? row.dateDebut.toISOString().slice(0, 10);
        const fin = body.date_fin ?? row.dateFin.toISOString().slice(0, 10);
        if (fin < debut) throw appError('PSP_EXERCISE_DATES');
        const updated = await repository.updateExercice(tx, id, {
          ...(body.active === undefined ? {} : { active: body.active }),
          ...(body.date_debut ? { dateDebut: new Date(`${body.date_debut}T00:00:00Z`) } : {}),
          ...(body.date_fin ? { dateFin: new Date(`${body.date_fin}T00:00:00Z`) } : {}),
        });
        return toExerciceView(updated);
      });
    },

    /** The affiliation certificates uploaded, for the administration. */
    async affiliations(query: { exerciceId?: number; siren_federation?: string }) {
      const rows = await repository.allAffiliations({ exerciceId: query.exerciceId, sirenFederation: query.siren_federation });
      return rows.map((a) => ({
        id: a.id, association: { id: a.association.id, nom: a.association.nom, id_siren: a.association.idSiren },
        siren_federation: a.sirenFederation, nom_federation: a.nomFederation, exercice_id: a.exerciceId, document_id: a.documentId, created_at: a.createdAt.toISOString(),
      }));
    },

    /** A single-use browser link to a certificate's document (administration); 404 for a certificate without one. */
    async certificateTicket(claims: AuthClaims, id: string) {
      const row = await repository.certificate(id);
      if (!row?.documentId) throw appError('NOT_FOUND');
      return documents.issueTicketForHeldDocument(claims, row.associationId, row.documentId);
    },

    async beneficiaires(query: PspBeneficiaireQuery) {
      const filter = { exerciceId: query.exerciceId, codePostal: query.code_postal, nomPrefix: query.nom ? pspNameKey(query.nom) : undefined, inscrit: query.inscrit, limit: query.limit };
      // A code names one beneficiary: past it there is no page to read.
      if (query.code) return query.after ? [] : (await repository.beneficiaireLookup({ ...filter, code: query.code })).map((b) => ({ ...toBeneficiaireView(b), inscrit: b.inscriptions.length > 0 }));
      const after = query.after ? await repository.beneficiaireCursor(query.after) : null;
      const rows = await repository.beneficiaires({ ...filter, after: after ?? undefined });
      return rows.map((b) => ({ ...toBeneficiaireView(b), inscrit: b.inscriptions.length > 0 }));
    },
  };
}
export type PspService = ReturnType<typeof createPspService>;

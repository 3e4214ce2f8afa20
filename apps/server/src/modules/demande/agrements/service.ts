// Approval dossiers (docs/domain.md « Agréments »): a request for an approval of the catalogue, in
// the dossiers table (service agrement), through the agrement_dossier machine. Creation for the
// head office only, the approval active, the network rules; the wizard's steps 0-4 while the machine
// lets the caller change it (1, 2: admin, the approval's service or its creator); transmission with
// the cerfa body once complete (the approval order for JEP or Sport); the service's decisions, a
// granted approval written on the association's file in the same transaction, audited.
import {
  AGREMENT_DOSSIER_EDITABLE_STATES,
  agrementDossierMachine,
  APPROVAL_DOSSIER_MESSAGES,
  APPROVAL_ORDER_DOCUMENT_TYPE,
  APPROVAL_TYPES_NEEDING_ORDER,
  askedOfApproval,
  HAA_APPROVAL_TYPE,
  optionsOf,
  DOSSIER_MESSAGES,
  type AgrementDossierState,
  type AgrementView,
  type Ask,
  type ApprovalDossierDetail,
  type ApprovalDossierFile,
  type ApprovalDossierList,
  type ApprovalDossierView,
  type ApprovalStep,
  type HaaSite,
  type MachineActor,
  type MachineSubject,
} from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AssociationScope, DossierScope } from '../../../http/resource-scope.ts';
import type { AuditService } from '../../audit/index.ts';
import type { FiredTransition, TransitionService, WorkflowTarget } from '../../workflow/index.ts';
import type { ApprovalDossierPdfData } from '../pdf/approval-form.ts';
import type { ApprovalDossierRepository, ApprovalDossierRow } from './repository.ts';

const bad = (motif: string) => appError('DOSSIER_INPUT_INVALID', { motif });
const notTransmittable = (motif: string) => appError('APPROVAL_NOT_TRANSMITTABLE', { motif });
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The approval dossier rows the engine moves: the dossier itself, its state etat_agrement. */
export const approvalDossierTarget: WorkflowTarget = {
  machine: agrementDossierMachine,
  table: { table: 'dossiers', stateColumn: 'etat_agrement', associationColumn: 'association_id' },
  subjectOf: (row) => ({
    serviceId: String(row.agrement_service_id),
    createdBy: row.created_by_id ? { id: String(row.created_by_id), side: row.created_by_type as 'association' | 'service' } : null,
    facts: { complete: row.statut === 'complet' },
  }),
  nameOf: (row) => `Le dossier de demande d'agrément n° ${String(row.id_fo)}`,
  linkOf: (row) => `/client/associations/${String(row.id_siret)}/demande-agrement/${String(row.id)}`,
  payloadOf: (row) => ({ dossier: String(row.id), id_fo: String(row.id_fo) }),
};

const subjectOf = (row: ApprovalDossierRow): MachineSubject => ({
  state: row.etatAgrement,
  associationId: row.associationId,
  serviceId: row.agrementServiceId,
  createdBy: row.createdById ? { id: row.createdById, side: row.createdByType as 'association' | 'service' } : null,
  facts: { complete: row.statut === 'complet' },
});

/** The caller as the machine sees them, from the dossier scope already checked. */
const actorOf = (claims: AuthClaims, scope: DossierScope): MachineActor => ({
  id: claims.userId,
  roles: claims.roles,
  associationIds: scope.side === 'association' ? [scope.associationId] : [],
  serviceIds: scope.serviceIds,
});

function toView(row: ApprovalDossierRow, actor: MachineActor): ApprovalDossierView {
  // A withdrawn dossier is read only: nothing to change, no event to fire.
  const options = row.deletedAt ? { actions: [], events: [] } : optionsOf(agrementDossierMachine, subjectOf(row), actor);
  const statut = row.statut as 'complet' | 'incomplet';
  return {
    id: row.id,
    id_fo: row.idFo,
    service: 'agrement',
    step: row.step,
    etat: row.etatAgrement as AgrementDossierState,
    etat_libelle: agrementDossierMachine.states[row.etatAgrement as AgrementDossierState]?.label ?? row.etatAgrement,
    statut,
    exercice: row.exercice,
    id_association: row.associationId,
    description: {
      code_agrement: row.agrement.code, id_type_agrement: row.agrement.typeAgrement, id_service_instructeur: row.agrementService.id,
      service_instructeur: row.agrementService.nom, exercice: row.exercice, statut,
    },
    demandeur: {
      id_siret: row.idSiret, nom: row.nom, id_representant_legal: row.idRepresentantLegal, id_signataire: row.idSignataire, id_responsable: row.idResponsable,
    },
    documents: row.documents.map((d) => ({ code: d.code, id_document: d.documentId })),
    tca: (row.tca as Record<string, unknown> | null) ?? null,
    haa: (row.haa as Record<string, unknown> | null) ?? null,
    customs: (row.customs as ApprovalDossierView['customs']) ?? [],
    createdBy: { id: row.createdById, type: row.createdByType },
    deleted: row.deletedAt !== null,
    mode: options.actions.includes('modifier') ? 'edit' : 'read',
    evenements: options.events,
  };
}

/** What a creation names (POST /demande/dossiers, POST /demande/service/dossiers/agrements). */
export interface ApprovalCreation {
  description: { code_agrement: string; id_type_agrement: string; id_service_instructeur: string; exercice: number };
  demandeur: { id_siret: string; nom?: string | null };
}

/** What this module reads of the approvals' catalogue (module rda). */
export interface ApprovalCatalogue {
  ofDossier(id: string): Promise<AgrementView>;
}

/** What this module reads of the association file (module proxy-asso): its live representatives and current documents, the whole association. */
export interface ApprovalAssociationFile {
  of(claims: AuthClaims, associationId: string): Promise<ApprovalDossierFile>;
}

/** What this module reads of the association's food-aid sites (module proxy-asso, haa/): the whole association's current sites. */
export interface ApprovalFoodAidSites {
  listAssociationSites(associationId: string): Promise<HaaSite[]>;
}

export interface ApprovalDossierDeps {
  repository: ApprovalDossierRepository;
  catalogue: ApprovalCatalogue;
  associationFile: ApprovalAssociationFile;
  foodAidSites: ApprovalFoodAidSites;
  workflow: TransitionService;
  audit: AuditService;
}

export function createApprovalDossierService({ repository, catalogue, associationFile, foodAidSites, workflow, audit }: ApprovalDossierDeps) {
  async function load(id: string, tx?: DbTransaction) {
    const row = await repository.find(id, tx);
    if (!row) throw appError('DOSSIER_NOT_FOUND');
    return row;
  }

  /** The head office of the association only (spec §6: a secondary establishment contacts its head office). */
  async function checkHeadOffice(tx: DbTransaction, associationId: string, siret: string, callerSiret: string | null) {
    if (callerSiret !== null) throw appError('APPROVAL_SECONDARY_ESTABLISHMENT');
    const etablissement = await repository.establishment(tx, associationId, siret);
    if (!etablissement || !etablissement.actif) throw bad(DOSSIER_MESSAGES.siretNotOfAssociation);
    if (!etablissement.estSiege) throw appError('APPROVAL_SECONDARY_ESTABLISHMENT');
    return etablissement;
  }

  /**
   * The network rules (spec §8): an association affiliated to a single network whose head already
   * holds a current approval of this type is covered through it; the head of a network, or an
   * association in several networks, asks for itself.
   */
  async function checkNetwork(tx: DbTransaction, associationId: string, type: string) {
    if (await repository.headsNetwork(tx, associationId)) return;
    const networks = await repository.networks(tx, associationId, type, new Date(`${isoDay(new Date())}T00:00:00Z`));
    if (networks.length === 1 && networks[0]!.headHolds) throw appError('APPROVAL_COVERED_BY_NETWORK', { reseau: networks[0]!.nom });
  }

  /** The wizard's step written on the locked row, after its checks (spec §4). */
  async function planStep(tx: DbTransaction, row: ApprovalDossierRow, input: ApprovalStep, callerSiret: string | null) {
    const data: Record<string, unknown> = { step: Math.max(row.step, input.step) };
    if (input.demandeur) {
      const d = input.demandeur;
      if (d.id_siret !== undefined && d.id_siret !== row.idSiret) {
        const etablissement = await checkHeadOffice(tx, row.associationId, d.id_siret, callerSiret);
        data.idSiret = d.id_siret;
        data.enseigne = etablissement.enseigne;
      }
      const people = [d.id_representant_legal, d.id_signataire, d.id_responsable].filter((id): id is string => typeof id === 'string');
      const found = await repository.representants(tx, row.associationId, [...new Set(people)]);
      if (found.length !== new Set(people).size) throw bad(DOSSIER_MESSAGES.personNotRepresentant);
      if (d.nom !== undefined) data.nom = d.nom;
      if (d.id_representant_legal !== undefined) data.idRepresentantLegal = d.id_representant_legal;
      if (d.id_signataire !== undefined) data.idSignataire = d.id_signataire;
      if (d.id_responsable !== undefined) data.idResponsable = d.id_responsable;
    }
    if (input.documents) {
      const expected = new Map(row.agrement.documentsAttendus.map((link) => [link.documentAttendu.code, link.documentAttendu]));
      const owned = await repository.documentsOf(tx, row.associationId, [...new Set(input.documents.map((d) => d.id_document))]);
      for (const document of input.documents) {
        const slot = expected.get(document.code);
        if (!slot) throw bad(DOSSIER_MESSAGES.documentCodeUnknown(document.code));
        const file = owned.find((o) => o.id === document.id_document);
        if (!file) throw bad(DOSSIER_MESSAGES.documentNotOfAssociation);
        if (file.type !== slot.nature) throw bad(DOSSIER_MESSAGES.documentWrongType(slot.label, slot.nature));
      }
      await repository.replaceDocuments(tx, row.id, input.documents.map((d) => ({ code: d.code, documentId: d.id_document })));
    }
    if (input.statut !== undefined) data.statut = input.statut;
    if (input.tca !== undefined) data.tca = input.tca;
    if (input.haa !== undefined) {
      if (row.agrement.typeAgrement !== HAA_APPROVAL_TYPE) throw bad(APPROVAL_DOSSIER_MESSAGES.haaOnly);
      data.haa = input.haa;
    }
    if (input.customs !== undefined) {
      const codes = new Set(row.agrement.champsAttendus.map((link) => link.champAttendu.code));
      const unknown = input.customs.find((c) => !codes.has(c.code));
      if (unknown) throw bad(`« ${unknown.code} » n'est pas un champ attendu par cet agrément.`);
      data.customs = input.customs;
    }
    return data;
  }

  /**
   * What the dossier lacks before transmission (spec §4, §8), or null: among the approval's expected
   * items, those it asks for (active, their conditions holding on `view`, contract askedOfApproval).
   */
  function missingBeforeTransmission(row: ApprovalDossierRow, view: ApprovalDossierView): string | null {
    if (row.statut !== 'complet' || !row.idSiret) return APPROVAL_DOSSIER_MESSAGES.notComplete;
    const asked = <T extends { obligatoire: boolean; asks: unknown }>(links: readonly T[], enabled: (link: T) => boolean) =>
      askedOfApproval(links.map((link) => ({ link, enabled: enabled(link), asks: link.asks as Ask[] })), view).map(({ link }) => link);
    const attached = new Set(row.documents.map((d) => d.code));
    const missingDocument = asked(row.agrement.documentsAttendus, (link) => link.documentAttendu.enabled).find((link) => link.obligatoire && !attached.has(link.documentAttendu.code));
    if (missingDocument) return APPROVAL_DOSSIER_MESSAGES.missingDocument(missingDocument.documentAttendu.label);
    if ((APPROVAL_TYPES_NEEDING_ORDER as readonly string[]).includes(row.agrement.typeAgrement) && !row.documents.some((d) => d.document.type === APPROVAL_ORDER_DOCUMENT_TYPE)) {
      return APPROVAL_DOSSIER_MESSAGES.orderRequired;
    }
    const answered = new Set(((row.customs as { code: string; value: unknown }[]) ?? []).filter((c) => c.value !== null && c.value !== '').map((c) => c.code));
    const missingField = asked(row.agrement.champsAttendus, (link) => link.champAttendu.enabled).find((link) => link.obligatoire && !answered.has(link.champAttendu.code));
    if (missingField) return APPROVAL_DOSSIER_MESSAGES.missingField(missingField.champAttendu.label);
    return null;
  }

  /** Editable now by this caller (the machine's action modifier: 1, 2; admin, the approval's service, or the creator). */
  function checkEditable(row: ApprovalDossierRow, actor: MachineActor) {
    if (row.deletedAt || !optionsOf(agrementDossierMachine, subjectOf(row), actor).actions.includes('modifier')) throw appError('DOSSIER_NOT_EDITABLE');
  }

  /**
   * The creation's rules and row, for the association side and for a service: the approval of this
   * code and campaign, of the type and service named, active; the head office; the network rules;
   * one live request per association and approval. `checkCaller` says whether the caller may create
   * for the approval's service.
   */
  async function created(
    tx: DbTransaction,
    claims: AuthClaims,
    on: { associationId: string; callerSiret: string | null; createdByType: 'association' | 'service' },
    { description, demandeur }: ApprovalCreation,
    checkCaller?: (serviceId: string) => Promise<void>,
  ): Promise<string> {
    const agrement = await repository.agrementFor(tx, description.code_agrement, description.exercice);
    if (!agrement) throw appError('AGREMENT_NOT_FOUND');
    if (agrement.typeAgrement !== description.id_type_agrement || agrement.serviceId !== description.id_service_instructeur) {
      throw bad(APPROVAL_DOSSIER_MESSAGES.agrementMismatch);
    }
    await checkCaller?.(agrement.serviceId);
    if (!agrement.active) throw appError('AGREMENT_INACTIVE');
    const etablissement = await checkHeadOffice(tx, on.associationId, demandeur.id_siret, on.callerSiret);
    await checkNetwork(tx, on.associationId, agrement.typeAgrement);
    const twin = await repository.twin(tx, on.associationId, agrement.id);
    if (twin) throw appError('DOSSIER_EXISTS');
    const row = await repository.create(tx, {
      idFo: await repository.nextIdFo(tx, description.exercice),
      service: 'agrement',
      exercice: description.exercice,
      agrementId: agrement.id,
      agrementServiceId: agrement.serviceId,
      etatAgrement: agrementDossierMachine.initial,
      associationId: on.associationId,
      idSiret: demandeur.id_siret,
      nom: demandeur.nom ?? etablissement.association.nom,
      enseigne: etablissement.enseigne,
      createdById: claims.userId,
      createdByType: on.createdByType,
    });
    return row.id;
  }

  async function fired(work: (tx: DbTransaction) => Promise<FiredTransition[]>) {
    const done = await repository.transaction(work);
    await workflow.flushMails(done);
  }

  return {
    target: approvalDossierTarget,

    /**
     * GET …/:id/agrement: the dossier as its wizard reads it, with the approval of the catalogue it
     * asks for; a withdrawn one too, in read mode (spec §4: a deleted dossier is still consulted).
     */
    async get(claims: AuthClaims, scope: DossierScope): Promise<ApprovalDossierDetail> {
      const row = await load(scope.dossierId);
      return { ...toView(row, actorOf(claims, scope)), agrement: await catalogue.ofDossier(row.agrementId!) };
    },

    /**
     * GET …/:id/agrement/fichier: the association file's people and documents the steps Demandeur and
     * Documents choose among, for whom may change the dossier now (an agent of the approval's service
     * fills it for the association; spec §4), else « Ce dossier n'est pas éditable. ».
     */
    async file(claims: AuthClaims, scope: DossierScope): Promise<ApprovalDossierFile> {
      const row = await load(scope.dossierId);
      checkEditable(row, actorOf(claims, scope));
      return associationFile.of(claims, row.associationId);
    },

    /**
     * GET …/:id/agrement/sites-aide-alimentaire: the food-aid sites the association declares in its
     * file today, read by the instructing service (the route's roles and dossier scope) to judge a
     * food-aid (HAA) request; another approval's dossier has none (404).
     */
    async foodAidSites(scope: DossierScope): Promise<HaaSite[]> {
      const row = await load(scope.dossierId);
      if (row.agrement.typeAgrement !== HAA_APPROVAL_TYPE) throw appError('APPROVAL_NOT_FOOD_AID');
      return foodAidSites.listAssociationSites(row.associationId);
    },

    /** What the approval dossier's PDF draws (GET …/:id/pdf?from=rda): its view as the caller reads it, and the names its ids stand for. */
    async pdfData(claims: AuthClaims, scope: DossierScope): Promise<ApprovalDossierPdfData> {
      const row = await load(scope.dossierId);
      if (row.deletedAt) throw appError('DOSSIER_NOT_FOUND');
      const dossier = { ...toView(row, actorOf(claims, scope)), agrement: await catalogue.ofDossier(row.agrementId!) };
      const people = [dossier.demandeur.id_representant_legal, dossier.demandeur.id_signataire, dossier.demandeur.id_responsable].filter((id): id is string => id !== null);
      const names = await repository.printedNames(row.associationId, [...new Set(people)], dossier.documents.map((d) => d.id_document));
      return {
        kind: 'agrement_dossier',
        dossier,
        association: { nom: names.association.nom, id_rna: names.association.idRna, id_siren: names.association.idSiren },
        personnes: Object.fromEntries(
          names.people.map((p) => [p.id, `${[p.prenom, p.nom].filter(Boolean).join(' ')}${p.fonction ? ` (${p.fonction})` : ''}`]),
        ),
        documents: Object.fromEntries(names.documents.map((d) => [d.id, d.nom])),
      };
    },

    /** GET /demande/dossiers/agrements: the caller's approval dossiers (their associations', their service's once transmitted). */
    async list(claims: AuthClaims, q: { etats?: string[]; typeAgrements?: string[]; exercices?: number[]; page: number; limit: number }): Promise<ApprovalDossierList> {
      const caller = {
        authId: claims.userId,
        all: claims.roles.includes('lca.admin') || claims.roles.includes('rds.admin'),
        member: claims.roles.includes('lca.association'),
        agent: claims.roles.includes('rds.user') || claims.roles.includes('rds.service'),
      };
      const { total, rows } = await repository.listFor(caller, { etats: q.etats, types: q.typeAgrements, exercices: q.exercices }, { skip: (q.page - 1) * q.limit, take: q.limit });
      return {
        total,
        page: q.page,
        limit: q.limit,
        items: rows.map((row) => ({
          id: row.id,
          id_fo: row.idFo,
          etat: row.etatAgrement as AgrementDossierState,
          etat_libelle: agrementDossierMachine.states[row.etatAgrement as AgrementDossierState]?.label ?? String(row.etatAgrement),
          statut: row.statut as 'complet' | 'incomplet',
          exercice: row.exercice,
          code_agrement: row.agrement!.code,
          id_type_agrement: row.agrement!.typeAgrement,
          service_instructeur: { id: row.agrementService!.id, nom: row.agrementService!.nom },
          id_association: row.associationId,
          demandeur: { id_siret: row.idSiret, nom: row.nom },
          updated_at: row.updatedAt.toISOString(),
        })),
      };
    },

    /**
     * GET /demande/dossiers/exists?agrement=: a live request of this approval for the association of
     * `siret`, named only when the caller may read it (the dossier scope, `canRead`).
     */
    async exists(claims: AuthClaims, q: { agrement: string; exercice: number; siret: string }, canRead: (claims: AuthClaims, id: string) => Promise<boolean>) {
      const live = await repository.liveRequestFor(q.agrement, q.exercice, q.siret);
      return live && (await canRead(claims, live.id)) ? { exists: true, id_fo: live.idFo } : { exists: false, id_fo: null };
    },

    /** A new approval dossier in 1 for the association's head office (POST /demande/dossiers with code_agrement). */
    async create(claims: AuthClaims, scope: AssociationScope<'write'>, body: ApprovalCreation): Promise<ApprovalDossierView> {
      const id = await repository.transaction((tx) => created(tx, claims, { associationId: scope.associationId, callerSiret: scope.siret, createdByType: 'association' }, body));
      return toView(await load(id), { id: claims.userId, roles: claims.roles, associationIds: [scope.associationId], serviceIds: [] });
    },

    /**
     * A new approval dossier created on an association's behalf by the approval's service (an agent
     * of it, or of a service above it with an administrator profile) or rds.admin: created by the
     * service (spec §6: it may delete it while in 1), the same rules as the association's creation.
     */
    async createForAssociation(claims: AuthClaims, body: ApprovalCreation & { id_asso: string }): Promise<ApprovalDossierView> {
      const id = await repository.transaction(async (tx) => {
        if (!(await repository.associationExists(tx, body.id_asso))) throw appError('NOT_FOUND');
        return created(tx, claims, { associationId: body.id_asso, callerSiret: null, createdByType: 'service' }, body, async (serviceId) => {
          if (claims.roles.includes('rds.admin')) return;
          if (!(await repository.serviceReached(tx, claims.userId, serviceId))) throw appError('APPROVAL_SERVICE_NOT_INSTRUCTING');
        });
      });
      const row = await load(id);
      return toView(row, { id: claims.userId, roles: claims.roles, associationIds: [], serviceIds: [row.agrementService.id] });
    },

    /** Withdraws a dossier a service created, in 1, by the approval's service side (the machine's action supprimer); audited. */
    async remove(claims: AuthClaims, scope: DossierScope<'write'>): Promise<{ message: string }> {
      await repository.transaction(async (tx) => {
        await repository.lock(tx, scope.dossierId);
        const row = await load(scope.dossierId, tx);
        if (row.deletedAt) throw appError('DOSSIER_NOT_FOUND');
        if (!optionsOf(agrementDossierMachine, subjectOf(row), actorOf(claims, scope)).actions.includes('supprimer')) throw appError('APPROVAL_DOSSIER_NOT_DELETABLE');
        await repository.softDelete(tx, row.id);
        await audit.record(tx, {
          associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier_agrement', entityId: row.id, action: 'supprimer',
          before: { id_fo: row.idFo, etat: row.etatAgrement, code_agrement: row.agrement.code }, after: null,
        });
      });
      return { message: APPROVAL_DOSSIER_MESSAGES.deleted };
    },

    /** One step of the wizard (PATCH), the first one moving 1 → 2 (enregistrer). */
    async update(claims: AuthClaims, scope: DossierScope<'write'>, input: ApprovalStep): Promise<ApprovalDossierView> {
      const actor = actorOf(claims, scope);
      await fired(async (tx) => {
        await repository.lock(tx, scope.dossierId);
        const row = await load(scope.dossierId, tx);
        checkEditable(row, actor);
        await repository.update(tx, row.id, await planStep(tx, row, input, scope.side === 'association' ? scope.siret : null));
        if (row.etatAgrement !== '1') return [];
        return [await workflow.fireIn(tx, { target: approvalDossierTarget, objectId: row.id, event: 'enregistrer', claims })];
      });
      return toView(await load(scope.dossierId), actor);
    },

    /** Transmission (1, 2 → 4) with the cerfa body, once nothing is missing. */
    async transmit(claims: AuthClaims, scope: DossierScope<'write'>, cerfa: Record<string, unknown>): Promise<ApprovalDossierView> {
      const actor = actorOf(claims, scope);
      await fired(async (tx) => {
        await repository.lock(tx, scope.dossierId);
        const row = await load(scope.dossierId, tx);
        if (!(AGREMENT_DOSSIER_EDITABLE_STATES as readonly string[]).includes(row.etatAgrement)) throw appError('DOSSIER_NOT_EDITABLE');
        checkEditable(row, actor);
        const missing = missingBeforeTransmission(row, toView(row, actor));
        if (missing) throw notTransmittable(missing);
        await repository.update(tx, row.id, { attestation: cerfa as object, step: 4 });
        return [await workflow.fireIn(tx, { target: approvalDossierTarget, objectId: row.id, event: 'transmettre', claims })];
      });
      return toView(await load(scope.dossierId), actor);
    },

    /**
     * The approval's service decides: open the instruction, grant (the approval written on the
     * association's file in the same transaction, audited) or refuse (with its reason).
     */
    async decide(
      claims: AuthClaims,
      scope: DossierScope,
      input: { event: 'ouvrir_instruction' | 'accorder' | 'refuser'; commentaire?: string; numero?: string; date_validite?: string },
    ): Promise<ApprovalDossierView> {
      if (input.event === 'refuser' && !input.commentaire) throw appError('APPROVAL_REFUSAL_REASON_REQUIRED');
      const actor = actorOf(claims, scope);
      await fired(async (tx) => {
        const transition = await workflow.fireIn(tx, { target: approvalDossierTarget, objectId: scope.dossierId, event: input.event, claims, comment: input.commentaire ?? null });
        if (input.event === 'accorder') {
          const row = await load(scope.dossierId, tx);
          const granted = {
            associationId: row.associationId,
            type: row.agrement.typeAgrement,
            numero: input.numero ?? row.idFo,
            attributeur: row.agrementService.nom,
            // Read by people on the administrative file: the service's name, not its identifier.
            origineInstructeur: row.agrementService.nom,
            dateAttribution: new Date(`${isoDay(new Date())}T00:00:00Z`),
            dateValidite: input.date_validite ? new Date(`${input.date_validite}T00:00:00Z`) : null,
            dossierId: row.id,
          };
          const written = await repository.grant(tx, granted);
          await audit.record(tx, {
            associationId: row.associationId,
            actor: { id: claims.userId, email: claims.email },
            entity: 'agrement',
            entityId: written.id,
            action: 'create',
            after: { type: granted.type, numero: granted.numero, attributeur: granted.attributeur, dossier: row.idFo },
          });
        }
        return [transition];
      });
      return toView(await load(scope.dossierId), actor);
    },
  };
}
export type ApprovalDossierService = ReturnType<typeof createApprovalDossierService>;

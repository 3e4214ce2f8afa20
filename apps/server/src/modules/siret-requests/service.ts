// The SIRET requests (docs/domain.md « Demande de numéro SIRET »): creation pre-filled from the
// association file (one live request per association), edits while the machine allows `modifier`
// (ECS, INV), transmission once nothing misses, the LCA administrators' processing by the machine
// demande_siret (row lock, history, audit, notification type 3 and mail to the creator, in one
// transaction), the granted SIRET written on the association file in that same transaction.
import { randomUUID } from 'node:crypto';
import {
  prefillAddress,
  prefillNom,
  prefillObjet,
  prefillSigle,
  SIRET_DEFAULT_COUNTRY,
  SIRET_DOCUMENT_LABELS,
  SIRET_DOCUMENT_TYPES,
  SIRET_REQUEST_MESSAGES as M,
  siretAddressSchema,
  siretRequestMachine,
  sirenOf,
  type AssociationDocument,
  type ProjectedSiretRequest,
  type SiretRequestListField,
  type SiretRequest,
  type SiretRequestChanges,
  type SiretRequestEvent,
  type SiretRequestListQuery,
  type StoredSiretAddress,
} from '@portail/contract';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AssociationScope, ScopeResolvers, SiretRequestScope } from '../../http/resource-scope.ts';
import type { AuditService } from '../audit/index.ts';
import type { DocumentService, ExternalLookupService } from '../proxy-asso/index.ts';
import type { FiredTransition, TransitionService, WorkflowTarget } from '../workflow/index.ts';
import { isLcaAdmin, siretRequestScopeFor } from './policy.ts';
import type { SiretRequestRepository, SiretRequestRow } from './repository.ts';

type AssociationFile = Awaited<ReturnType<SiretRequestRepository['association']>>;
import { actorOf, addressOf, numberOf, toSiretRequestView } from './view.ts';

export interface SiretRequestServiceDeps {
  repository: SiretRequestRepository;
  workflow: TransitionService;
  audit: AuditService;
  /** The INSEE code of a town (the address lookup, with its offline fallback). */
  lookups: Pick<ExternalLookupService, 'inseeCodeOf'>;
  documents: Pick<DocumentService, 'heldBy'>;
}

/** The machine's objects: a row of demandes_siret, its creator the audience of the effects. */
export const siretRequestTarget: WorkflowTarget = {
  machine: siretRequestMachine,
  table: { table: 'demandes_siret', stateColumn: 'etat', associationColumn: 'association_id' },
  subjectOf: (row) => ({ createdBy: row.created_by_id ? { id: String(row.created_by_id), side: 'association' } : null }),
  nameOf: (row) => `La demande de numéro SIRET n° ${String(row.annee)}-${String(row.numero)}`,
  linkOf: (row) => `/client/associations/demande-siret/${String(row.id)}`,
  payloadOf: (row) => ({ demande_siret: String(row.id), numero: `${String(row.annee)}-${String(row.numero)}` }),
};

type Json = Record<string, unknown>;
/** The request cut down to `fields` (contract SIRET_REQUEST_LIST_FIELDS), `id` always kept. */
const projected = (view: SiretRequest, fields: readonly SiretRequestListField[]): ProjectedSiretRequest => {
  const kept = new Set<string>(['id', ...fields]);
  return Object.fromEntries(Object.entries(view).filter(([key]) => kept.has(key))) as ProjectedSiretRequest;
};
const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
/** `patch` over `base`, keys left undefined keeping the base's value. */
const merged = (base: unknown, patch: object | undefined) => ({ ...asObject(base), ...Object.fromEntries(Object.entries(patch ?? {}).filter(([, v]) => v !== undefined)) });
const invalid = (motif: string) => appError('SIRET_REQUEST_INPUT_INVALID', { motif });
/** States whose reason (the comment of the transition into them) the request shows. */
const STATES_WITH_MOTIF = ['INV', 'REJ', 'REF'];

/** What is missing before transmission (spec §5): the attestation, a head office address that follows §5, the three documents. */
export function missingBeforeTransmission(row: Pick<SiretRequestRow, 'attestation' | 'coordonnees' | 'documents'>, existingDocuments: ReadonlySet<string>): string[] {
  const missing: string[] = [];
  if (!row.attestation) missing.push(M.missing.attestation);
  const coordonnees = asObject(row.coordonnees);
  const addresses: [string, StoredSiretAddress | null, boolean][] = [
    ['Adresse du siège', addressOf(coordonnees.adresse_siege), true],
    ['Adresse de gestion', addressOf(coordonnees.adresse_gestion), false],
  ];
  for (const [which, address, required] of addresses) {
    if (!address) {
      if (required) missing.push(M.missing.adresseSiege);
      continue;
    }
    const checked = siretAddressSchema.safeParse(address);
    if (!checked.success) for (const issue of checked.error.issues) missing.push(M.missing.address(which, issue.message));
  }
  const held = new Set(asArray(row.documents).filter((d) => existingDocuments.has(String(d.uuid))).map((d) => String(d.type)));
  for (const type of SIRET_DOCUMENT_TYPES) if (!held.has(type)) missing.push(M.missing.document(SIRET_DOCUMENT_LABELS[type]));
  return missing;
}

export function createSiretRequestService({ repository, workflow, audit, lookups, documents }: SiretRequestServiceDeps) {
  const actorFrom = (claims: AuthClaims) => ({ id: claims.userId, email: claims.email });

  /** The request as `claims` reads it; `nameDocuments` false leaves the documents' names null (the list without `populate=documents`). */
  async function view(claims: AuthClaims, row: SiretRequestRow, member: boolean, nameDocuments = true): Promise<SiretRequest> {
    const uuids = nameDocuments ? asArray(row.documents).map((d) => String(d.uuid)) : [];
    const [docs, motif] = await Promise.all([
      repository.documentIdsOf(row.associationId, uuids),
      STATES_WITH_MOTIF.includes(row.etat) ? repository.lastComment(row.id, row.etat) : null,
    ]);
    return toSiretRequestView({ row, actor: actorOf(claims, row.associationId, member), documentNames: new Map(docs.map((d) => [d.id, d.nom])), motif });
  }
  const viewIn = (claims: AuthClaims, scope: SiretRequestScope, row: SiretRequestRow) => view(claims, row, !scope.admin);

  async function load(id: string, tx?: DbTransaction): Promise<SiretRequestRow> {
    const row = await repository.find(id, tx);
    if (!row) throw appError('SIRET_REQUEST_NOT_ACCESSIBLE');
    return row;
  }

  /** Locks the request for a change by its creator or an administrator: 403 once the machine no longer allows `modifier`. */
  async function lockEditable(tx: DbTransaction, claims: AuthClaims, scope: SiretRequestScope): Promise<SiretRequestRow> {
    await repository.lock(tx, scope.requestId);
    const row = await load(scope.requestId, tx);
    const editable = toSiretRequestView({ row, actor: actorOf(claims, row.associationId, !scope.admin), documentNames: new Map(), motif: null }).mode === 'edit';
    if (!editable) throw appError('SIRET_REQUEST_NOT_EDITABLE');
    return row;
  }

  /** The documents named, each one of the association's, of its type, one per type. */
  async function checkedDocuments(associationId: string, given: { type: string; uuid: string }[], tx?: DbTransaction) {
    const types = given.map((d) => d.type);
    if (new Set(types).size !== types.length) throw invalid('Un seul document par type peut être joint à la demande.');
    const found = await repository.documentIdsOf(associationId, [...new Set(given.map((d) => d.uuid))], tx);
    for (const d of given) {
      const document = found.find((f) => f.id === d.uuid);
      if (!document) throw invalid("Un des documents n'appartient pas à l'association.");
      if (document.type !== d.type) throw invalid(`Le document « ${document.nom} » n'est pas du type ${SIRET_DOCUMENT_LABELS[d.type as 'REC']}.`);
    }
    return given.map((d) => ({ type: d.type, uuid: d.uuid }));
  }

  /** The parts of the request a body changes, merged over what it holds. */
  function changedParts(row: Pick<SiretRequestRow, 'identite' | 'activites' | 'coordonnees'>, body: SiretRequestChanges) {
    const coordonnees = asObject(row.coordonnees);
    return {
      ...(body.identifiant?.step !== undefined ? { step: body.identifiant.step } : {}),
      ...(body.attestation !== undefined ? { attestation: body.attestation } : {}),
      ...(body.identite ? { identite: merged(row.identite, body.identite) } : {}),
      ...(body.activites ? { activites: merged(row.activites, body.activites) } : {}),
      ...(body.coordonnees
        ? {
            coordonnees: {
              ...coordonnees,
              ...(body.coordonnees.info_siege ? { info_siege: merged(coordonnees.info_siege, body.coordonnees.info_siege) } : {}),
              ...(body.coordonnees.adresse_siege !== undefined ? { adresse_siege: body.coordonnees.adresse_siege } : {}),
              ...(body.coordonnees.adresse_gestion !== undefined ? { adresse_gestion: body.coordonnees.adresse_gestion } : {}),
            },
          }
        : {}),
    };
  }

  /** The request pre-filled from the association file (spec §5), a missing INSEE code looked up by town and postcode. */
  async function prefilled(file: AssociationFile | null) {
    if (!file) throw appError('NOT_FOUND');
    const siege = prefillAddress(file.adresseSiege as Json | null);
    const gestion = prefillAddress(file.adresseGestion as Json | null, SIRET_DEFAULT_COUNTRY);
    for (const address of [siege, gestion]) {
      if (address && !address.code_insee && address.commune && address.cp) address.code_insee = await lookups.inseeCodeOf(address.commune, address.cp);
    }
    return {
      identite: {
        id_rna: file.idRna, id_correspondance: file.id, nom: prefillNom(file.nom), sigle: prefillSigle(file.sigle),
        dateCreation: file.dateCreation ? file.dateCreation.toISOString().slice(0, 10) : null, id_forme_juridique: file.idFormeJuridique,
      },
      activites: { id_objet_social1: null, lib_objet_social1: null, id_famille1: null, objet: prefillObjet(file.objet) },
      coordonnees: { info_siege: { domicile_entreprise: false, domicile_provisoire_rl: false }, adresse_gestion: gestion, adresse_siege: siege },
    };
  }

  return {
    siretRequestTarget,

    /** Resolver of the `siretRequest` scope (policy.ts), the caller's tie read in one query. */
    resolvers: {
      siretRequest: async (claims, id, declared) => siretRequestScopeFor(claims, await repository.scopeOf(id, claims.userId), declared.mode),
    } satisfies ScopeResolvers,

    /**
     * The caller's requests (those they created, in associations they still belong to), every request for lca.admin;
     * documents named with `populate=documents`, each request cut down to `fields` when given.
     */
    async list(claims: AuthClaims, query: SiretRequestListQuery): Promise<SiretRequest[]> {
      const admin = isLcaAdmin(claims);
      const rows = await repository.list({
        creatorId: admin ? null : claims.userId,
        ...(query.etats ? { etats: query.etats } : {}),
        ...(query.id_rna ? { idRna: query.id_rna } : {}),
        ...(query.searchQuery ? { search: query.searchQuery } : {}),
        limit: query.limit,
      });
      const nameDocuments = query.populate?.includes('documents') ?? false;
      const views = await Promise.all(rows.map((row) => view(claims, row, !admin, nameDocuments)));
      // Projected requests are checked by the contract's reply schema, whose declared type is the whole request.
      return query.fields && query.fields.length > 0 ? (views.map((v) => projected(v, query.fields!)) as SiretRequest[]) : views;
    },

    /** A new request of the association (ECS), pre-filled, the body's parts over the pre-fill; 409 when one is live. */
    async create(claims: AuthClaims, scope: AssociationScope<'write-all'>, body: SiretRequestChanges): Promise<SiretRequest> {
      const file = await repository.association(scope.associationId);
      // INSEE gives one SIRET of a head office: an association that has one asks for none (the §8
      // « existe déjà » first when its own request, granted or not, is still the live one).
      if (file?.idSiretSiege) {
        if (await repository.hasLiveRequest(scope.associationId)) throw appError('SIRET_REQUEST_EXISTS');
        throw appError('SIRET_REQUEST_ASSOCIATION_HAS_SIRET', { siret: file.idSiretSiege });
      }
      const base = await prefilled(file);
      const parts = changedParts(base, body);
      const docs = body.documents ? await checkedDocuments(scope.associationId, body.documents) : [];
      const id = randomUUID();
      const created = await repository.transaction(async (tx) => {
        const inserted = await repository.create(tx, {
          id, annee: new Date().getFullYear(), associationId: scope.associationId, createdById: claims.userId,
          step: parts.step ?? 0, attestation: parts.attestation ?? false,
          identite: parts.identite ?? base.identite, activites: parts.activites ?? base.activites, coordonnees: parts.coordonnees ?? base.coordonnees,
          documents: docs,
        });
        if (!inserted) return null;
        await audit.record(tx, {
          associationId: scope.associationId, actor: actorFrom(claims), entity: 'demande_siret', entityId: id, action: 'creer', before: null, after: { etat: 'ECS' },
        });
        return inserted;
      });
      if (!created) throw appError('SIRET_REQUEST_EXISTS');
      return view(claims, await load(id), !isLcaAdmin(claims));
    },

    get: async (claims: AuthClaims, scope: SiretRequestScope) => viewIn(claims, scope, await load(scope.requestId)),

    /** Saves the request while it is editable (ECS, INV); the row is locked, the change audited. */
    async update(claims: AuthClaims, scope: SiretRequestScope<'write'>, body: SiretRequestChanges): Promise<SiretRequest> {
      await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, claims, scope);
        const docs = body.documents ? await checkedDocuments(row.associationId, body.documents, tx) : undefined;
        await repository.update(tx, row.id, { ...changedParts(row, body), ...(docs ? { documents: docs } : {}) });
        await audit.record(tx, {
          associationId: row.associationId, actor: actorFrom(claims), entity: 'demande_siret', entityId: row.id, action: 'modifier',
          before: null, after: { parties: Object.keys(body).filter((k) => ['identifiant', 'attestation', 'identite', 'activites', 'coordonnees', 'documents'].includes(k)).join(',') },
        });
      });
      return viewIn(claims, scope, await load(scope.requestId));
    },

    /** Deletes the request while it is editable: the association may then create another. */
    async remove(claims: AuthClaims, scope: SiretRequestScope<'write'>): Promise<{ message: string }> {
      await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, claims, scope);
        await audit.record(tx, {
          associationId: row.associationId, actor: actorFrom(claims), entity: 'demande_siret', entityId: row.id, action: 'supprimer',
          before: { etat: row.etat, numero: numberOf(row) }, after: null,
        });
        await repository.remove(tx, row.id);
      });
      return { message: 'La demande a été supprimée.' };
    },

    /** Transmits (ECS, INV → AEM) when nothing misses; the answer carries the message the client shows. */
    async transmit(claims: AuthClaims, scope: SiretRequestScope<'write'>): Promise<{ demande: SiretRequest; message: string }> {
      const fired = await repository.transaction(async (tx) => {
        await repository.lock(tx, scope.requestId);
        const row = await load(scope.requestId, tx);
        // A request the machine does not let go from here answers its own refusal (409 wrong state).
        if (row.etat === 'ECS' || row.etat === 'INV') {
          const uuids = asArray(row.documents).map((d) => String(d.uuid));
          const existing = new Set((await repository.documentIdsOf(row.associationId, uuids, tx)).map((d) => d.id));
          const missing = missingBeforeTransmission(row, existing);
          if (missing.length > 0) throw appError('SIRET_REQUEST_NOT_TRANSMITTABLE', { manquants: missing });
        }
        return workflow.fireIn(tx, { target: siretRequestTarget, objectId: row.id, event: 'transmettre', claims });
      });
      await workflow.flushMails([fired]);
      return { demande: await viewIn(claims, scope, await load(scope.requestId)), message: M.transmitted };
    },

    /**
     * The administrators' processing: each event by the machine in one transaction; granting writes
     * the SIRET on the association file and its head office establishment, a rejection frees the
     * association for a new request.
     */
    async fireEvent(claims: AuthClaims, scope: SiretRequestScope<'write'>, body: SiretRequestEvent): Promise<SiretRequest> {
      const fired: FiredTransition = await repository.transaction(async (tx) => {
        const transition = await workflow.fireIn(tx, { target: siretRequestTarget, objectId: scope.requestId, event: body.event, claims, comment: body.comment || null });
        if (body.event === 'rejeter') await repository.release(tx, scope.requestId);
        if (body.event === 'accorder') {
          const row = await load(scope.requestId, tx);
          const file = await repository.association(row.associationId);
          if (file?.idSiren && sirenOf(body.siret) !== file.idSiren) throw invalid(M.siretNotOfSiren(file.idSiren));
          if ((await repository.siretTaken(tx, body.siret)) || (!file?.idSiren && (await repository.sirenTakenElsewhere(tx, sirenOf(body.siret), row.associationId)))) {
            throw appError('SIRET_TAKEN');
          }
          const siege = addressOf(asObject(row.coordonnees).adresse_siege);
          const { before } = await repository.writeGrantedSiret(tx, row.associationId, body.siret, siege);
          await repository.setGranted(tx, row.id, body.siret);
          await audit.record(tx, {
            associationId: row.associationId, actor: actorFrom(claims), entity: 'association', entityId: row.associationId, action: 'attribuer_siret', idSiret: body.siret,
            before: { id_siret_siege: before.idSiretSiege, id_siren: before.idSiren },
            after: { id_siret_siege: body.siret, id_siren: before.idSiren ?? sirenOf(body.siret), demande_siret: numberOf(row) },
          });
        }
        return transition;
      });
      await workflow.flushMails([fired]);
      return viewIn(claims, scope, await load(scope.requestId));
    },

    /** The association documents the request holds (REC, STC, LDC). */
    async documents(scope: SiretRequestScope): Promise<AssociationDocument[]> {
      const row = await load(scope.requestId);
      return documents.heldBy(row.associationId, asArray(row.documents).map((d) => String(d.uuid)));
    },

    /** What the PDF draws: the request as the caller reads it, and the association's name. */
    async pdfData(claims: AuthClaims, scope: SiretRequestScope) {
      const demande = await viewIn(claims, scope, await load(scope.requestId));
      return { kind: 'demande_siret' as const, demande };
    },
  };
}
export type SiretRequestService = ReturnType<typeof createSiretRequestService>;

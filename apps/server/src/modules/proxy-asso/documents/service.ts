// Documents of the association file: upload checked on name, size and content, listing, download
// and deletion, each within the caller's scope (./policy.ts).
import {
  api,
  DOWNLOAD_TICKET_TTL_SECONDS,
  routeUrl,
  SIRET_REQUEST_LIVE_STATES,
  type AssociationDocument,
  type DownloadTicket,
} from '@portail/contract';
import { isForeignKeyViolation } from '../../../db/transaction.ts';
import { afterCommit, onRollback } from '../../../db/unit-of-work.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { storeCheckedUpload, type IncomingFile } from '../../../storage/checked-upload.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../../security/opaque-tokens.ts';
import { assertSeesSiret, assertWritableSiret, listedSirets, seesDocument } from './policy.ts';
import type { AssociationScope } from '../access/policy.ts';
import type { DocumentRepository } from './repository.ts';

export type { IncomingFile } from '../../../storage/checked-upload.ts';

type DocumentRow = NonNullable<Awaited<ReturnType<DocumentRepository['find']>>>;

function toDto(row: DocumentRow, idAsso: string): AssociationDocument {
  return {
    uuid: row.id,
    id_siret: row.idSiret,
    type: row.type,
    etat: row.etat,
    origine: row.origine,
    annee_validite: row.anneeValidite,
    date_chargement: row.dateChargement.toISOString(),
    nom: row.nom,
    commentaire: row.commentaire,
    mime_type: row.mimeType,
    taille: row.taille,
    url: `/api/proxy-asso/association/documents/download?id_asso=${encodeURIComponent(idAsso)}&id=${row.id}`,
  };
}

export interface DocumentServiceDeps {
  repository: DocumentRepository;
  storage: FileStorage;
}

export function createDocumentService({ repository, storage }: DocumentServiceDeps) {
  /** A document the caller may read (404 otherwise, so ids cannot be probed). */
  async function readableDocument(scope: AssociationScope<'read'>, query: { id: string }) {
    const row = await repository.find(scope.associationId, query.id);
    if (!row || !seesDocument(scope, row)) throw appError('NOT_FOUND');
    return row;
  }

  async function ticketFor(claims: AuthClaims, documentId: string): Promise<DownloadTicket> {
    const ticket = newOpaqueToken();
    await repository.insertTicket({
      tokenHash: hashOpaqueToken(ticket),
      userId: claims.userId,
      documentId,
      expiresAt: new Date(Date.now() + DOWNLOAD_TICKET_TTL_SECONDS * 1000),
    });
    return { url: routeUrl(api.associationDocuments.downloadWithTicket, { ticket }), expires_in: DOWNLOAD_TICKET_TTL_SECONDS };
  }

  return {
    /**
     * The caller's right on the association and establishment is checked before `receive` reads
     * anything of the body; the content type is checked on the first bytes, before the rest is read.
     */
    async upload(
      claims: AuthClaims,
      scope: AssociationScope<'write'>,
      query: { id_asso: string; id_siret?: string; type: string; annee_validite?: number; commentaire?: string },
      receive: () => Promise<IncomingFile | undefined>,
      /** For a kind with one current document per subject: the one this upload replaces (null: none), instead of all of its type and year. */
      options: { replaces?: string | null } = {},
    ): Promise<AssociationDocument> {
      const siret = query.id_siret ?? null;
      if (siret && !(await repository.siretBelongsTo(scope.associationId, siret))) throw appError('NOT_FOUND');
      assertWritableSiret(scope, siret);
      const stored = await storeCheckedUpload(storage, await receive());
      try {
        const row = await repository.insertCurrent({
          associationId: scope.associationId,
          idSiret: siret,
          type: query.type,
          anneeValidite: query.annee_validite ?? null,
          nom: stored.filename,
          commentaire: query.commentaire ?? null,
          mimeType: stored.mimeType,
          taille: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          uploadedBy: claims.userId,
        }, options.replaces);
        // Should the request's unit of work roll back after this (its answer refused), the file goes too.
        onRollback(() => storage.remove(stored.key));
        return toDto(row, query.id_asso);
      } catch (error) {
        // Nothing half-written: a refused or unrecorded file is removed.
        await storage.remove(stored.key);
        throw error;
      }
    },

    async list(scope: AssociationScope<'read'>, query: { id_asso: string; id_siret?: string; type?: string }) {
      assertSeesSiret(scope, query.id_siret);
      const rows = await repository.listCurrent(scope.associationId, { sirets: listedSirets(scope, query.id_siret), ...(query.type ? { type: query.type } : {}) });
      return rows.map((row) => toDto(row, query.id_asso));
    },

    /**
     * Documents of the association that another object holds (a SIRET request), as the list shows
     * them; that object's scope was checked by its routes.
     */
    async heldBy(associationId: string, ids: string[]): Promise<AssociationDocument[]> {
      if (ids.length === 0) return [];
      return (await repository.findMany(associationId, ids)).map((row) => toDto(row, associationId));
    },

    async open(scope: AssociationScope<'read'>, query: { id: string }) {
      const row = await readableDocument(scope, query);
      return { row, stream: await storage.open(row.storageKey) };
    },

    /** A browser link for one document, one user, once, within DOWNLOAD_TICKET_TTL_SECONDS. */
    async issueTicket(claims: AuthClaims, scope: AssociationScope<'read'>, query: { id: string }): Promise<DownloadTicket> {
      return ticketFor(claims, (await readableDocument(scope, query)).id);
    },

    /**
     * A ticket for a document of the association that another object the caller reads holds (a
     * dossier, a Pass'Sport certificate; that object's routes checked the caller): its instructing
     * agents or the platform's administrators open it without reaching the association file.
     */
    async issueTicketForHeldDocument(claims: AuthClaims, associationId: string, documentId: string): Promise<DownloadTicket> {
      const row = await repository.find(associationId, documentId);
      if (!row) throw appError('NOT_FOUND');
      return ticketFor(claims, row.id);
    },

    async openWithTicket(ticket: string) {
      const row = await repository.useTicket(hashOpaqueToken(ticket));
      if (!row) throw appError('DOWNLOAD_TICKET_INVALID');
      return { row, stream: await storage.open(row.storageKey) };
    },

    async remove(scope: AssociationScope<'write'>, query: { id: string }) {
      const row = await repository.find(scope.associationId, query.id);
      if (!row) throw appError('NOT_FOUND');
      assertWritableSiret(scope, row.idSiret);
      // A SIRET request still being processed keeps its REC, STC and LDC: INSEE's answer may need them.
      const numero = await repository.siretRequestHolding(scope.associationId, row.id, SIRET_REQUEST_LIVE_STATES);
      if (numero) throw appError('DOCUMENT_IN_SIRET_REQUEST', { numero });
      // A dossier that holds the document keeps it (the foreign key refuses): 409, file untouched.
      await repository.remove(row.id).catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? appError('DOCUMENT_IN_DOSSIER') : error;
      });
      // The file goes once the row's removal is committed: a rollback keeps both.
      await afterCommit(() => storage.remove(row.storageKey));
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;

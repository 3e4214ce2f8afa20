// Documents of the association file: upload checked on name, size and content, listing, download
// and deletion, each within the caller's scope (access.ts).
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  ALLOWED_DOCUMENT_TYPES,
  checkDocumentName,
  DOCUMENT_MESSAGES,
  UPLOAD_MAX_BYTES,
  type AssociationDocument,
} from '@portail/contract';
import type { Database } from '../../db/prisma.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { FileTooLargeError, type FileStorage } from '../../storage/file-storage.ts';
import { associationScope, assertWritableSiret, seesSiret } from './access.ts';
import type { DocumentRepository } from './documents.repository.ts';

export interface IncomingFile {
  filename: string;
  /** busboy sets `truncated` when the multipart size limit cut the file. */
  stream: Readable & { truncated?: boolean };
}

type DocumentRow = NonNullable<Awaited<ReturnType<DocumentRepository['find']>>>;

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', DOCUMENT_MESSAGES.tooLarge);

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

/** The content must be a PDF or a JPEG, whatever the name says. */
async function detectAllowedType(head: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head);
  return detected && ALLOWED_DOCUMENT_TYPES.some((type) => type.mimeType === detected.mime) ? detected.mime : null;
}

export function createDocumentService(db: Database, repository: DocumentRepository, storage: FileStorage) {
  return {
    async upload(
      claims: AuthClaims,
      query: { id_asso: string; id_siret?: string; type: string; annee_validite?: number; commentaire?: string },
      file: IncomingFile | undefined,
    ): Promise<AssociationDocument> {
      if (!file) throw badRequest(DOCUMENT_MESSAGES.missingFile, 'MISSING_FILE');
      try {
        const scope = await associationScope(db, claims, query.id_asso, 'write');
        const siret = query.id_siret ?? null;
        if (siret && !(await repository.siretBelongsTo(scope.associationId, siret))) throw notFound();
        assertWritableSiret(scope, siret);
        const nameProblem = checkDocumentName(file.filename);
        if (nameProblem) throw badRequest(nameProblem, 'FILE_NAME_REFUSED', { file: nameProblem });

        const stored = await storage.save(file.stream, { maxBytes: UPLOAD_MAX_BYTES }).catch((error: unknown) => {
          if (error instanceof FileTooLargeError || (error as { statusCode?: number }).statusCode === 413) throw tooLarge();
          if ((error as { code?: string }).code === 'ECONNRESET') throw badRequest(DOCUMENT_MESSAGES.interrupted, 'UPLOAD_INTERRUPTED');
          throw error;
        });
        try {
          if (file.stream.truncated) throw tooLarge();
          const mimeType = await detectAllowedType(stored.head);
          if (!mimeType) throw badRequest(DOCUMENT_MESSAGES.contentMismatch, 'FILE_CONTENT_REFUSED', { file: DOCUMENT_MESSAGES.contentMismatch });
          const row = await repository.insertCurrent({
            associationId: scope.associationId,
            idSiret: siret,
            type: query.type,
            anneeValidite: query.annee_validite ?? null,
            nom: file.filename.slice(0, 255),
            commentaire: query.commentaire ?? null,
            mimeType,
            taille: stored.size,
            sha256: stored.sha256,
            storageKey: stored.key,
            uploadedBy: claims.userId,
          });
          return toDto(row, query.id_asso);
        } catch (error) {
          // Nothing half-written: a refused or unrecorded file is removed.
          await storage.remove(stored.key);
          throw error;
        }
      } finally {
        // A refused upload still has its bytes in flight: drain them so the answer goes out.
        if (!file.stream.readableEnded) file.stream.resume();
      }
    },

    async list(claims: AuthClaims, query: { id_asso: string; id_siret?: string; type?: string }) {
      const scope = await associationScope(db, claims, query.id_asso, 'read');
      if (query.id_siret && !seesSiret(scope, query.id_siret)) throw notFound();
      const sirets = query.id_siret ? [query.id_siret] : scope.siret ? [scope.siret, null] : null;
      const rows = await repository.listCurrent(scope.associationId, { sirets, ...(query.type ? { type: query.type } : {}) });
      return rows.map((row) => toDto(row, query.id_asso));
    },

    async open(claims: AuthClaims, query: { id_asso: string; id: string }) {
      const scope = await associationScope(db, claims, query.id_asso, 'read');
      const row = await repository.find(scope.associationId, query.id);
      if (!row || !seesSiret(scope, row.idSiret, { associationWide: true })) throw notFound();
      return { row, stream: await storage.open(row.storageKey) };
    },

    async remove(claims: AuthClaims, query: { id_asso: string; id: string }) {
      const scope = await associationScope(db, claims, query.id_asso, 'write');
      const row = await repository.find(scope.associationId, query.id);
      if (!row) throw notFound();
      assertWritableSiret(scope, row.idSiret);
      await repository.remove(row.id);
      await storage.remove(row.storageKey);
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;

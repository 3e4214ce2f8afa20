// The portal's content kept by the LCA administrators (contract lca-content.ts): notes on pages
// (HTML sanitised here, README « content »), the questions asked of subsidy dossiers, the links of
// /urls and the document templates. Every change is written, in its own transaction, beside an
// entry of the content's audit chain (who, what, before and after); a template's file goes once
// the row's removal is committed, and a file stored for a row that did not commit is removed.
import {
  CONTENT_HISTORY_ENTITIES,
  CONTENT_MESSAGES,
  type contentHistoryQuerySchema,
  type DocumentModele,
  type NoteAdmin,
  type Question,
  type UsefulUrl,
  type noteInputSchema,
  type questionCreateSchema,
  type questionUpdateSchema,
  type urlInputSchema,
} from '@portail/contract';
import type { z } from 'zod';
import { isUniqueViolation, type DbTransaction } from '../../../db/transaction.ts';
import { afterCommit, onRollback } from '../../../db/unit-of-work.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { storeCheckedUpload, type IncomingFile } from '../../../storage/checked-upload.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { chainHistory, CONTENT_AUDIT_CHAIN, type AuditService } from '../../audit/index.ts';
import type { NoteRow } from '../notes/repository.ts';
import { toQuestion } from '../questions/service.ts';
import type { LcaRepository } from '../repository.ts';
import type { TemplateRow } from '../templates/repository.ts';
import { isEmptyHtml, sanitiseNoteHtml } from './note-html.ts';

type NoteInput = z.output<typeof noteInputSchema>;
type QuestionCreate = z.output<typeof questionCreateSchema>;
type QuestionUpdate = z.output<typeof questionUpdateSchema>;
type UrlInput = z.output<typeof urlInputSchema>;

/** The content's own audit chain (the audit module's; the referentials write to it too). */
export { CONTENT_AUDIT_CHAIN };

/** What the content's audit entries name (contract AUDIT_ENTITY_LABELS). */
export const CONTENT_ENTITIES = { note: 'note_page', question: 'question', url: 'lien', template: 'document_modele' } as const;

export const toNoteAdmin = (row: NoteRow): NoteAdmin => ({
  _id: row.id,
  type: (['info', 'success', 'warning', 'error'] as const).find((t) => t === row.type) ?? 'info',
  title: row.title,
  content: row.content,
  routes: row.routes,
  active: row.active,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const toTemplate = (row: TemplateRow): DocumentModele => ({
  id: row.id,
  libelle: row.libelle,
  nom: row.nom,
  mime_type: row.mimeType,
  taille: row.taille,
  date_chargement: row.dateChargement.toISOString(),
});

/** The note as stored: its HTML sanitised (refused when nothing is left of it). */
function noteData(input: NoteInput) {
  const content = sanitiseNoteHtml(input.content);
  if (isEmptyHtml(content)) throw appError('NOTE_EMPTY');
  return {
    type: input.type,
    title: input.title ?? null,
    content,
    routes: [...new Set(input.routes)],
    active: input.active,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export interface ContentServiceDeps {
  repository: LcaRepository;
  audit: AuditService;
  storage: FileStorage;
}

export function createContentService({ repository, audit, storage }: ContentServiceDeps) {
  const trail = (
    tx: DbTransaction,
    claims: AuthClaims,
    entity: (typeof CONTENT_ENTITIES)[keyof typeof CONTENT_ENTITIES],
    entityId: string,
    action: 'create' | 'update' | 'delete',
    before: unknown,
    after: unknown,
  ) => audit.record(tx, { associationId: CONTENT_AUDIT_CHAIN, actor: { id: claims.userId, email: claims.email }, entity, entityId, action, before, after });

  /** `row`, or the catalogue's 404 when there is none. */
  const found = <T>(row: T | null): T => {
    if (!row) throw appError('ELEMENT_NOT_FOUND');
    return row;
  };

  /** A unique code written by someone else in the meantime answers as a code already taken. */
  const codeTaken = (key: 'QUESTION_CODE_TAKEN' | 'URL_CODE_TAKEN') => (error: unknown) => {
    throw isUniqueViolation(error) ? appError(key) : error;
  };

  return {
    /** The content's changes, newest first, of one kind or all (referentials' included), a page at a time. */
    history(query: z.output<typeof contentHistoryQuerySchema>) {
      return chainHistory(audit, CONTENT_AUDIT_CHAIN, CONTENT_HISTORY_ENTITIES, query);
    },

    // Notes on pages -------------------------------------------------------------------------

    async allNotes(): Promise<NoteAdmin[]> {
      return (await repository.allNotes()).map(toNoteAdmin);
    },

    async createNote(claims: AuthClaims, input: NoteInput): Promise<NoteAdmin> {
      const data = noteData(input);
      return repository.transaction(async (tx) => {
        const row = await repository.createNote(tx, data);
        await trail(tx, claims, CONTENT_ENTITIES.note, row.id, 'create', null, toNoteAdmin(row));
        return toNoteAdmin(row);
      });
    },

    async updateNote(claims: AuthClaims, id: string, input: NoteInput): Promise<NoteAdmin> {
      const data = noteData(input);
      return repository.transaction(async (tx) => {
        const before = toNoteAdmin(found(await repository.lockNote(tx, id)));
        const row = await repository.updateNote(tx, id, data);
        await trail(tx, claims, CONTENT_ENTITIES.note, id, 'update', before, toNoteAdmin(row));
        return toNoteAdmin(row);
      });
    },

    async deleteNote(claims: AuthClaims, id: string) {
      await repository.transaction(async (tx) => {
        const before = toNoteAdmin(found(await repository.lockNote(tx, id)));
        await repository.deleteNote(tx, id);
        await trail(tx, claims, CONTENT_ENTITIES.note, id, 'delete', before, null);
      });
      return { message: CONTENT_MESSAGES.noteDeleted };
    },

    // Questions asked of subsidy dossiers ---------------------------------------------------

    async createQuestion(claims: AuthClaims, input: QuestionCreate): Promise<Question> {
      if (await repository.questionByCode(input.code)) throw appError('QUESTION_CODE_TAKEN');
      return repository
        .transaction(async (tx) => {
          const row = await repository.createQuestion(tx, input);
          await trail(tx, claims, CONTENT_ENTITIES.question, row.id, 'create', null, row);
          return toQuestion(row);
        })
        .catch(codeTaken('QUESTION_CODE_TAKEN'));
    },

    /** Label, kind, required, enabled, rank; transmissions that follow read the new state (demande module). */
    async updateQuestion(claims: AuthClaims, id: string, input: QuestionUpdate): Promise<Question> {
      return repository.transaction(async (tx) => {
        const before = found(await repository.lockQuestion(tx, id));
        const row = await repository.updateQuestion(tx, id, input);
        await trail(tx, claims, CONTENT_ENTITIES.question, id, 'update', before, row);
        return toQuestion(row);
      });
    },

    // Links ----------------------------------------------------------------------------------

    listUrls: (): Promise<UsefulUrl[]> => repository.listUrls(),

    async createUrl(claims: AuthClaims, input: UrlInput): Promise<UsefulUrl> {
      if (await repository.urlByCode(input.code)) throw appError('URL_CODE_TAKEN');
      return repository
        .transaction(async (tx) => {
          const row = await repository.createUrl(tx, input);
          await trail(tx, claims, CONTENT_ENTITIES.url, row.id, 'create', null, row);
          return row;
        })
        .catch(codeTaken('URL_CODE_TAKEN'));
    },

    async updateUrl(claims: AuthClaims, id: string, input: UrlInput): Promise<UsefulUrl> {
      const sameCode = await repository.urlByCode(input.code);
      if (sameCode && sameCode.id !== id) throw appError('URL_CODE_TAKEN');
      return repository
        .transaction(async (tx) => {
          const before = found(await repository.lockUrl(tx, id));
          const row = await repository.updateUrl(tx, id, input);
          await trail(tx, claims, CONTENT_ENTITIES.url, id, 'update', before, row);
          return row;
        })
        .catch(codeTaken('URL_CODE_TAKEN'));
    },

    async deleteUrl(claims: AuthClaims, id: string) {
      await repository.transaction(async (tx) => {
        const before = found(await repository.lockUrl(tx, id));
        await repository.deleteUrl(tx, id);
        await trail(tx, claims, CONTENT_ENTITIES.url, id, 'delete', before, null);
      });
      return { message: CONTENT_MESSAGES.urlDeleted };
    },

    // Document templates ---------------------------------------------------------------------

    async listTemplates(): Promise<DocumentModele[]> {
      return (await repository.listTemplates()).map(toTemplate);
    },

    /** Checked as the association documents are (name, size, content), then recorded and audited. */
    async uploadTemplate(claims: AuthClaims, libelle: string, receive: () => Promise<IncomingFile | undefined>): Promise<DocumentModele> {
      const stored = await storeCheckedUpload(storage, await receive());
      try {
        const row = await repository.transaction(async (tx) => {
          const created = await repository.createTemplate(tx, {
            libelle, nom: stored.filename, mimeType: stored.mimeType, taille: stored.size, sha256: stored.sha256, storageKey: stored.key, uploadedBy: claims.userId,
          });
          await trail(tx, claims, CONTENT_ENTITIES.template, created.id, 'create', null, toTemplate(created));
          return created;
        });
        // Should the request's unit of work roll back after this (its answer refused), the file goes too.
        onRollback(() => storage.remove(stored.key));
        return toTemplate(row);
      } catch (error) {
        await storage.remove(stored.key);
        throw error;
      }
    },

    async openTemplate(id: string) {
      const row = found(await repository.findTemplate(id));
      return { row, stream: await storage.open(row.storageKey) };
    },

    async deleteTemplate(claims: AuthClaims, id: string) {
      const row = await repository.transaction(async (tx) => {
        const locked = found(await repository.lockTemplate(tx, id));
        await repository.deleteTemplate(tx, id);
        await trail(tx, claims, CONTENT_ENTITIES.template, id, 'delete', toTemplate(locked), null);
        return locked;
      });
      // The file goes once the row's removal is committed: a rollback keeps both.
      await afterCommit(() => storage.remove(row.storageKey));
      return { message: CONTENT_MESSAGES.templateDeleted };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;

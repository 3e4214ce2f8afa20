// Data access for the documents of the association file.
import type { Database } from '../../../db/prisma.ts';

export interface NewDocument {
  associationId: string;
  idSiret: string | null;
  type: string;
  anneeValidite: number | null;
  nom: string;
  commentaire: string | null;
  mimeType: string;
  taille: number;
  sha256: string;
  storageKey: string;
  uploadedBy: string;
}

export function createDocumentRepository(db: Database) {
  return {
    siretBelongsTo: async (associationId: string, siret: string) =>
      (await db.etablissement.count({ where: { siret, associationId } })) === 1,
    /**
     * The new document becomes the current one of its kind; the previous ones are archived. With
     * `replaces` (a kind that holds several current documents, one per subject), only that one is.
     */
    insertCurrent: (document: NewDocument, replaces?: string | null) =>
      db.$transaction(async (tx) => {
        if (replaces !== null) {
          const kind = replaces === undefined ? { idSiret: document.idSiret, type: document.type, anneeValidite: document.anneeValidite } : { id: replaces };
          await tx.associationDocument.updateMany({ where: { associationId: document.associationId, ...kind, etat: 'courant' }, data: { etat: 'archive' } });
        }
        return tx.associationDocument.create({ data: { ...document, origine: 'LCA' } });
      }),
    listCurrent: (associationId: string, filter: { sirets: (string | null)[] | null; type?: string }) =>
      db.associationDocument.findMany({
        where: {
          associationId,
          etat: 'courant',
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.sirets ? { OR: filter.sirets.map((idSiret) => ({ idSiret })) } : {}),
        },
        orderBy: { dateChargement: 'desc' },
      }),
    find: (associationId: string, id: string) => db.associationDocument.findFirst({ where: { id, associationId } }),
    /** The association's documents among `ids`, whatever their state (another object holds them). */
    findMany: (associationId: string, ids: string[]) =>
      db.associationDocument.findMany({ where: { associationId, id: { in: ids } }, orderBy: { dateChargement: 'desc' } }),
    remove: (id: string) => db.associationDocument.delete({ where: { id } }),
    /**
     * The number (« annee-numero ») of a SIRET request in one of `states` that holds the document,
     * or null. A request names its documents in its JSON (no foreign key), hence this look-up.
     */
    async siretRequestHolding(associationId: string, documentId: string, states: readonly string[]): Promise<string | null> {
      const rows = await db.$queryRaw<{ numero: string }[]>`
        SELECT annee::text || '-' || numero::text AS numero FROM demandes_siret
         WHERE association_id = ${associationId}::uuid AND etat = ANY(${[...states]}::text[])
           AND documents @> ${JSON.stringify([{ uuid: documentId }])}::jsonb
         ORDER BY created_at DESC LIMIT 1`;
      return rows[0]?.numero ?? null;
    },

    /** Expired tickets are removed as new ones are issued: the table stays small without a job. */
    insertTicket: (ticket: { tokenHash: string; userId: string; documentId: string; expiresAt: Date }) =>
      db.$transaction(async (tx) => {
        await tx.downloadTicket.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 3_600_000) } } });
        return tx.downloadTicket.create({ data: ticket });
      }),
    /** Uses a ticket once: the document it opens, or null when unknown, used or expired. */
    async useTicket(tokenHash: string) {
      const used = await db.downloadTicket.updateManyAndReturn({
        where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
        data: { usedAt: new Date() },
        select: { documentId: true },
      });
      const documentId = used[0]?.documentId;
      return documentId ? db.associationDocument.findUnique({ where: { id: documentId } }) : null;
    },
  };
}
export type DocumentRepository = ReturnType<typeof createDocumentRepository>;

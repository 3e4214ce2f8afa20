// Data access for the document templates of lca /documents-modeles (their files in the file storage).
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

export interface TemplateData {
  libelle: string;
  nom: string;
  mimeType: string;
  taille: number;
  sha256: string;
  storageKey: string;
  uploadedBy: string | null;
}

export function createTemplateRepository(db: Database) {
  return {
    listTemplates: () => db.documentModele.findMany({ orderBy: [{ libelle: 'asc' }, { dateChargement: 'desc' }] }),
    findTemplate: (id: string) => db.documentModele.findUnique({ where: { id } }),
    /** The template `id`, locked until the transaction ends. */
    lockTemplate: async (tx: DbTransaction, id: string) => {
      await tx.$queryRaw`SELECT id FROM documents_modeles WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.documentModele.findUnique({ where: { id } });
    },
    createTemplate: (tx: DbTransaction, data: TemplateData) => tx.documentModele.create({ data }),
    deleteTemplate: (tx: DbTransaction, id: string) => tx.documentModele.delete({ where: { id } }),
  };
}
export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
export type TemplateRow = NonNullable<Awaited<ReturnType<TemplateRepository['findTemplate']>>>;

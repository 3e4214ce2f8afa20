// Data access for the questions asked of every subsidy dossier: the list, by rank, read on its own
// or inside the transaction that transmits a dossier (demande module); the seed's inserts.
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

type Client = Database | DbTransaction;

export interface QuestionRow {
  id: string;
  code: string;
  label: string;
  type: string;
  obligatoire: boolean;
  enabled: boolean;
  rang: number;
}

const COLUMNS = { id: true, code: true, label: true, type: true, obligatoire: true, enabled: true, rang: true } as const;

/** The questions by rank (then code); `enabled` keeps only the enabled (true) or disabled (false) ones. */
export const listQuestions = (client: Client, enabled?: boolean): Promise<QuestionRow[]> =>
  client.question.findMany({ where: enabled === undefined ? {} : { enabled }, select: COLUMNS, orderBy: [{ rang: 'asc' }, { code: 'asc' }] });

export function createQuestionRepository(db: Database) {
  return {
    listQuestions: (enabled?: boolean) => listQuestions(db, enabled),
    questionByCode: (code: string) => db.question.findUnique({ where: { code }, select: COLUMNS }),
    /** The question `id`, locked until the transaction ends. */
    lockQuestion: async (tx: DbTransaction, id: string): Promise<QuestionRow | null> => {
      await tx.$queryRaw`SELECT id FROM questions WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.question.findUnique({ where: { id }, select: COLUMNS });
    },
    createQuestion: (tx: DbTransaction, data: Omit<QuestionRow, 'id'>): Promise<QuestionRow> => tx.question.create({ data, select: COLUMNS }),
    updateQuestion: (tx: DbTransaction, id: string, data: Omit<QuestionRow, 'id' | 'code'>): Promise<QuestionRow> =>
      tx.question.update({ where: { id }, data, select: COLUMNS }),
    /** Inserts the questions whose code is missing (others are left as administrators left them); the codes inserted. */
    async insertMissing(questions: readonly Omit<QuestionRow, 'id' | 'enabled'>[]): Promise<string[]> {
      const existing = new Set((await db.question.findMany({ where: { code: { in: questions.map((q) => q.code) } }, select: { code: true } })).map((q) => q.code));
      const missing = questions.filter((q) => !existing.has(q.code));
      if (missing.length === 0) return [];
      // Another instance may be seeding at the same time: a code it wrote first is skipped.
      await db.question.createMany({ data: missing.map((q) => ({ ...q })), skipDuplicates: true });
      return missing.map((q) => q.code);
    },
  };
}
export type QuestionRepository = ReturnType<typeof createQuestionRepository>;

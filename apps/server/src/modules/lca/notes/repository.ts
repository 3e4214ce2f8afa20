// Data access for the notes shown on pages: the active ones of a page, and the administrators' list
// and writes (writes in the service's transaction, beside their audit entry).
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

export interface NoteData {
  type: string;
  title: string | null;
  content: string;
  routes: string[];
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

export function createNoteRepository(db: Database) {
  return {
    /** Active notes whose period includes now. */
    activeNotes: (now: Date, route?: string) =>
      db.noteOnPage.findMany({
        where: {
          active: true,
          AND: [
            { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
            { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
          ],
          ...(route ? { routes: { has: route } } : {}),
        },
        orderBy: { createdAt: 'asc' },
      }),
    /** Every note, the most recent first. */
    allNotes: () => db.noteOnPage.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] }),
    /** The note `id`, locked until the transaction ends. */
    lockNote: async (tx: DbTransaction, id: string) => {
      await tx.$queryRaw`SELECT id FROM notes_on_page WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.noteOnPage.findUnique({ where: { id } });
    },
    createNote: (tx: DbTransaction, data: NoteData) => tx.noteOnPage.create({ data }),
    updateNote: (tx: DbTransaction, id: string, data: NoteData) => tx.noteOnPage.update({ where: { id }, data }),
    deleteNote: (tx: DbTransaction, id: string) => tx.noteOnPage.delete({ where: { id } }),
  };
}
export type NoteRepository = ReturnType<typeof createNoteRepository>;
export type NoteRow = NonNullable<Awaited<ReturnType<NoteRepository['lockNote']>>>;

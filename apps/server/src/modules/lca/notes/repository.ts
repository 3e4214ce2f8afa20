// Data access for the notes shown on pages.
import type { Database } from '../../../db/prisma.ts';

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
  };
}
export type NoteRepository = ReturnType<typeof createNoteRepository>;

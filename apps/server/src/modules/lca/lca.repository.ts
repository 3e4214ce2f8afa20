// Data access for the association account (lca-server).
import type { Database } from '../../db/prisma.ts';

export function createLcaRepository(db: Database) {
  return {
    findAssociationUser: (id: string) => db.associationUser.findUnique({ where: { id }, include: { user: true } }),
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
export type LcaRepository = ReturnType<typeof createLcaRepository>;

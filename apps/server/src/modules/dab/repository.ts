// Queries of the back office's missions: the active ones, by label.
import type { Database } from '../../db/prisma.ts';

export function createMissionRepository(db: Database) {
  return {
    active: () => db.mission.findMany({ where: { active: true }, orderBy: [{ libelle: 'asc' }, { code: 'asc' }] }),
  };
}
export type MissionRepository = ReturnType<typeof createMissionRepository>;

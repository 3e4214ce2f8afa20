// Data access for instructing services (rds-server).
import type { Database } from '../../db/prisma.ts';

export function createRdsRepository(db: Database) {
  return {
    findServiceByAuthId: (authId: string) => db.serviceAccount.findUnique({ where: { authId } }),
  };
}
export type RdsRepository = ReturnType<typeof createRdsRepository>;

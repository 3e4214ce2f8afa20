// The caller's links with their associations, read once for every figure of the dashboard.
import type { Database } from '../../db/prisma.ts';
import type { MemberLink } from '../proxy-asso/index.ts';

export function createDashboardRepository(db: Database) {
  return {
    memberLinks: (authId: string): Promise<MemberLink[]> =>
      db.userAssociation.findMany({ where: { associationUser: { authId } }, select: { associationId: true, type: true, idSiret: true } }),
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

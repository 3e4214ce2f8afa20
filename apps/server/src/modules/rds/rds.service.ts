// rds-server rules needed by the session: a service user's record, refused when locked.
import { isAdminRole, SERVICE_ACCOUNT_MANAGER_ROLES, type ServiceInfo } from '@portail/contract';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { RdsRepository } from './rds.repository.ts';

export function createRdsService(repository: RdsRepository) {
  return {
    async getServiceUser(claims: AuthClaims, authId: string): Promise<ServiceInfo> {
      const managesServices = claims.roles.some((role) => isAdminRole(role) || (SERVICE_ACCOUNT_MANAGER_ROLES as readonly string[]).includes(role));
      if (claims.userId !== authId && !managesServices) throw appError('FORBIDDEN');
      const service = await repository.findServiceByAuthId(authId);
      if (!service) throw appError('USER_NOT_FOUND');
      if (service.locked && claims.userId === authId) throw appError('USER_LOCKED');
      return { _id: service.id, nom: service.nom, email: service.email, type: service.type, locked: service.locked };
    },
  };
}
export type RdsService = ReturnType<typeof createRdsService>;

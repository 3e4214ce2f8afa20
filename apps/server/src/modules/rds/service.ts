// rds-server rules needed by the session: a service user's record, refused when locked.
import type { ServiceInfo } from '@portail/contract';
import { appError } from '../../http/errors.ts';
import type { AccountScope } from '../../http/resource-scope.ts';
import type { RdsRepository } from './repository.ts';

export function createRdsService(repository: RdsRepository) {
  return {
    /** Who may read it (its owner, administrators, service managers) is the route's account scope. */
    async getServiceUser({ authId, own }: AccountScope): Promise<ServiceInfo> {
      const service = await repository.findServiceByAuthId(authId);
      if (!service) throw appError('USER_NOT_FOUND');
      // A locked service no longer reads its own record; its managers still do.
      if (service.locked && own) throw appError('USER_LOCKED');
      return { _id: service.id, nom: service.nom, email: service.email, type: service.type, locked: service.locked };
    },
  };
}
export type RdsService = ReturnType<typeof createRdsService>;

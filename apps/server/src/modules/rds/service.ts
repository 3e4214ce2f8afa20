// rds-server rules needed by the session: a service user's record, refused when locked.
import type { ServiceInfo } from '@portail/contract';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { mayReadServiceUser } from './policy.ts';
import type { RdsRepository } from './repository.ts';

export function createRdsService(repository: RdsRepository) {
  return {
    async getServiceUser(claims: AuthClaims, authId: string): Promise<ServiceInfo> {
      if (!mayReadServiceUser(claims, authId)) throw appError('FORBIDDEN');
      const service = await repository.findServiceByAuthId(authId);
      if (!service) throw appError('USER_NOT_FOUND');
      if (service.locked && claims.userId === authId) throw appError('USER_LOCKED');
      return { _id: service.id, nom: service.nom, email: service.email, type: service.type, locked: service.locked };
    },
  };
}
export type RdsService = ReturnType<typeof createRdsService>;

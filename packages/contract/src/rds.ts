// rds-server (instructing services): what the session needs for now.
import { z } from 'zod';
import { serviceInfoSchema } from './auth-session.ts';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';
import { ADMIN_ROLES, SERVICE_ACCOUNT_MANAGER_ROLES } from './roles.ts';
import { scope } from './scope.ts';

/** Who reads another user's service record: administrators and the managers of service accounts. */
const SERVICE_RECORD_READERS = [...new Set([...ADMIN_ROLES, ...SERVICE_ACCOUNT_MANAGER_ROLES])];

const gateway = 'rds-server' as const;

export const rdsRoutes = {
  getServiceUser: defineRoute({
    method: 'GET', gateway, path: '/users/:id', access: 'authenticated', scope: scope.account('auth', SERVICE_RECORD_READERS),
    errors: ['USER_NOT_FOUND'],
    summary: "Fiche service d'un utilisateur de service (par son identifiant d'authentification) ; refusée s'il est verrouillé",
    params: z.object({ id: idSchema }), response: serviceInfoSchema,
  }),
};

// rds-server (instructing services): what the session needs for now.
import { z } from 'zod';
import { serviceInfoSchema } from './auth.ts';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';

const gateway = 'rds-server' as const;

export const rdsRoutes = {
  getServiceUser: defineRoute({
    method: 'GET', gateway, path: '/users/:id', access: 'authenticated',
    errors: ['USER_NOT_FOUND'],
    summary: "Fiche service d'un utilisateur de service (par son identifiant d'authentification) ; refusée s'il est verrouillé",
    params: z.object({ id: idSchema }), response: serviceInfoSchema,
  }),
};

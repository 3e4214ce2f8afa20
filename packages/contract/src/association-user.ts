// lca-server: the association user's own record, which the client loads at start (the user-info
// entry check). Kept apart from the other lca-server calls (lca.ts), whose `lcaRoutes` includes
// it, so that the start does not load their schemas.
import { z } from 'zod';
import { userAssociationLinkSchema } from './association-link.ts';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';
import { ADMIN_ROLES } from './roles.ts';
import { scope } from './scope.ts';

const gateway = 'lca-server' as const;

/** Association-user record (lca side); its _id is the session's lcaId. */
export const associationUserSchema = z.object({
  _id: z.string(),
  authId: z.string(),
  email: z.string(),
  civilite: z.string().nullable(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  /** The user's links to associations (docs/domain.md « Données »). */
  associations: z.array(userAssociationLinkSchema),
});
export type AssociationUser = z.infer<typeof associationUserSchema>;

/** The association user's record; part of `lcaRoutes` (lca.ts). */
export const associationUserRoutes = {
  getUser: defineRoute({
    method: 'GET', gateway, path: '/users/:id', access: 'authenticated', scope: scope.account('association-user', ADMIN_ROLES),
    errors: ['USER_NOT_FOUND'],
    summary: "Fiche de l'utilisateur association (lcaId) ; l'utilisateur lui-même ou un administrateur",
    params: z.object({ id: idSchema }), response: associationUserSchema,
  }),
};

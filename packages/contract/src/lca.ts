// lca-server (association account): what the client shell needs for now.
import { z } from 'zod';
import { idAssoSchema, joinLinkSchema, userAssociationLinkSchema } from './association-link.ts';
import { associationUserRoutes, associationUserSchema } from './association-user.ts';
import { notesOnPageRoutes } from './notes-on-page.ts';
import { emailSchema, idSchema } from './fields.ts';
import { defineRoute, messageSchema } from './http.ts';
import { ROLE_SETS } from './roles.ts';
import { scope } from './scope.ts';
import { rnaSchema, sirenSchema } from './identifiers.ts';
import { ASSOCIATION_FILE_MESSAGES } from './association-messages.ts';
import { MESSAGES } from './messages.ts';

const gateway = 'lca-server' as const;

export const lcaRoutes = {
  ...notesOnPageRoutes,
  ...associationUserRoutes,
  patchUser: defineRoute({
    method: 'PATCH', gateway, path: '/users/:id', access: 'authenticated', scope: scope.account('association-user', ROLE_SETS.lcaAdmins),
    errors: ['USER_NOT_FOUND', 'NOT_FOUND', 'SIRET_NOT_IN_ASSOCIATION', 'ASSOCIATION_REQUIRES_SIRET', 'JOINS_LIMIT', 'JOIN_NOTIFICATIONS_LIMIT'],
    summary: "Rattache l'utilisateur aux associations données (après le certificat sur l'honneur) ; type Siège si le SIRET est celui du siège",
    params: z.object({ id: idSchema }),
    body: z.object({ associations: z.array(joinLinkSchema).min(1, ASSOCIATION_FILE_MESSAGES.associationRequiresSiret).max(20) }),
    response: associationUserSchema,
  }),
  deleteUser: defineRoute({
    method: 'DELETE', gateway, path: '/users/:id', access: 'authenticated', scope: scope.account('association-user', ROLE_SETS.lcaAdmins),
    errors: ['USER_NOT_FOUND'],
    summary: "Retire l'utilisateur de toutes ses associations (sa fiche association est conservée, vide)",
    params: z.object({ id: idSchema }), response: messageSchema,
  }),
  exitAssociation: defineRoute({
    method: 'PATCH', gateway, path: '/users/:authId/exit', access: 'authenticated', scope: scope.account('auth', ROLE_SETS.lcaAdmins, 'authId'),
    errors: ['USER_NOT_FOUND', 'NOT_LINKED'],
    summary: "Quitte une association (idAsso : id_correspondance, RNA ou SIREN) ; renvoie les associations restantes",
    params: z.object({ authId: idSchema }), query: z.object({ idAsso: idAssoSchema }),
    response: z.object({ associations: z.array(userAssociationLinkSchema) }),
  }),
  joinAssociationNotification: defineRoute({
    method: 'POST', gateway, path: '/users/joinAssociationNotification', access: 'authenticated', scope: scope.caller,
    errors: ['NOT_FOUND', 'JOIN_NOTIFICATIONS_LIMIT', 'TOO_MANY_REQUESTS'],
    summary: "Informe par courriel les représentants légaux de l'association du rattachement d'un membre",
    body: z.object({
      id_correspondance: idSchema,
      id_rna: rnaSchema.nullish(),
      id_siren: sirenSchema.nullish(),
      email: emailSchema,
    }),
    response: messageSchema.extend({ sent: z.number().int() }),
  }),
  reportMember: defineRoute({
    method: 'POST', gateway, path: '/rattachements/signalement/:token', access: 'public',
    errors: ['LINK_INVALID'],
    summary:
      "« Je ne connais pas cette personne » : le lien (à usage unique, 30 jours) du courriel de rattachement détache le membre ; " +
      'la personne détachée est prévenue et le détachement est inscrit au journal',
    params: z.object({ token: z.string().min(16, MESSAGES.invalidToken).max(200, MESSAGES.invalidToken) }),
    response: messageSchema,
  }),
};

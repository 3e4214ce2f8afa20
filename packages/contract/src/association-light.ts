// proxy-asso: the light, public registry view of one association (spec §7 GET /association-light),
// what a member needs to choose an establishment before joining.
import { z } from 'zod';
import { associationIdentityLightSchema } from './association-search.ts';
import { idAssoSchema } from './association.ts';
import { defineRoute } from './http.ts';

export const establishmentLightSchema = z.object({
  siret: z.string(),
  enseigne: z.string().nullable(),
  est_siege: z.boolean(),
  cp: z.string().nullable(),
  commune: z.string().nullable(),
});
export type EstablishmentLight = z.infer<typeof establishmentLightSchema>;

export const associationLightSchema = associationIdentityLightSchema.extend({
  /** Active establishments, head office first. */
  etablissements: z.array(establishmentLightSchema),
});
export type AssociationLight = z.infer<typeof associationLightSchema>;

export const associationLightRoutes = {
  getLight: defineRoute({
    method: 'GET', gateway: 'proxy-asso', path: '/association-light', access: 'authenticated',
    summary:
      "Fiche publique d'une association du répertoire (q : id_correspondance, RNA, SIREN ou SIRET) et ses établissements actifs, " +
      'pour choisir son établissement avant de la rejoindre ; aucune donnée personnelle ni bancaire',
    query: z.object({ q: idAssoSchema }),
    response: associationLightSchema,
  }),
};

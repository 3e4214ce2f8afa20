// The association-side roles, the user ↔ association link and the association id of queries:
// what the session (auth-server, lca-server) shares with the association file (association.ts),
// apart from the file's schemas so that what needs only these stays small.
import { z } from 'zod';
import { idSchema } from './fields.ts';
import { siretSchema } from './identifiers.ts';
import { MESSAGES } from './messages.ts';
import { ROLE_SETS, type Role } from './roles.ts';

// ---------------------------------------------------------------------------------------------
// Who may call (the per-association rules live in the server's proxy-asso/access/policy.ts):
// association-side roles read and write (members only their associations, lca.admin all);
// rds.admin reads every file (supervision of the subsidy schemes), writes nothing. Other
// instructing and Osiris roles are refused until dossier-scoped reading exists.
export const ASSOCIATION_READ_ROLES: readonly Role[] = ROLE_SETS.associationReaders;
export const ASSOCIATION_WRITE_ROLES: readonly Role[] = ROLE_SETS.associationMembers;

// ---------------------------------------------------------------------------------------------
// User ↔ association link (docs/domain.md « Données »).

export const LINK_TYPES = ['Siège', 'Etablissement secondaire'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const userAssociationLinkSchema = z.object({
  id_correspondance: z.string(),
  id_siret: z.string().nullable(),
  id_rna: z.string().nullable(),
  id_siren: z.string().nullable(),
  type: z.enum(LINK_TYPES),
  fonction: z.string().nullable(),
  nom: z.string(),
  siegeSiret: z.string().nullable(),
  /** The user is one of the association's CEC validators (spec §6: a legal representative flagged valideur_cec, not deleted, with the user's e-mail). */
  isValideurCEC: z.boolean(),
});
export type UserAssociationLink = z.infer<typeof userAssociationLinkSchema>;

/** What the client sends to join (extra fields such as notifications are ignored). */
export const joinLinkSchema = z.object({
  id_correspondance: idSchema,
  id_siret: siretSchema.nullish(),
  fonction: z.string().trim().max(100, MESSAGES.maxLength('fonction', 100)).nullish(),
});

// ---------------------------------------------------------------------------------------------
// The association a query names.

export const idAssoSchema = z
  .string({ error: MESSAGES.missingAssociationId })
  .trim()
  .min(1, MESSAGES.missingAssociationId)
  .max(64, MESSAGES.badFormat('identifiant association'));

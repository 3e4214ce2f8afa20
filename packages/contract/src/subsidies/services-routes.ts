// Instructing services (docs/domain.md « Services instructeurs »): the auth part (login, roles,
// locked flag) under auth-server, the subsidy part (level, parent, profile, schemes, bo) under
// rds-server. A creation writes both parts in one transaction; the manager's reach (national
// everywhere, local within its subtree) is checked by the server's `service` scope.
import { z } from 'zod';
import { emailSchema, idSchema } from '../fields.ts';
import { siretSchema } from '../identifiers.ts';
import { defineRoute } from '../http.ts';
import { freeJsonObject } from '../input-checks.ts';
import { ROLE_SETS, type Role } from '../roles.ts';
import { scope } from '../scope.ts';
import { NIVEAUX_TERRITORIAUX, SERVICE_PROFILS, serviceInstructeurSchema } from './schemas.ts';

/** Who manages service accounts (crossed auth and rds records). */
export const SERVICE_MANAGERS = ROLE_SETS.referentielAdmins;
/** Who reads services: the managers, and instructors (their own service, their subtree for an administrator profile). */
export const SERVICE_READERS: readonly Role[] = ROLE_SETS.serviceReaders;
/** The roles a service account may hold. */
export const SERVICE_ACCOUNT_ROLES = ['rds.service', 'rds.user'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The subsidy part of a service, as a manager writes it. */
export const serviceFieldsSchema = z.object({
  nom: text(200),
  email: emailSchema.nullable().optional(),
  siren: z.string().regex(/^\d{9}$/, 'Le SIREN doit compter 9 chiffres.').nullable().optional(),
  /** The service's SIRET: how the open data of granted subsidies names the attributing body (idAttribuant). */
  siret: siretSchema.nullable().optional(),
  adresse: freeJsonObject('adresse').nullable().optional(),
  telephone: optionalText(30),
  site_internet: optionalText(300),
  type: optionalText(100),
  federation_sportive: optionalText(200),
  niveau_territorial: z.enum(NIVEAUX_TERRITORIAUX),
  zone_territoriale: optionalText(200),
  code_territoire: optionalText(20),
  profil: z.enum(SERVICE_PROFILS).nullable().optional(),
  /** Codes of the schemes the service handles (CNDS, FDVA...). */
  dispositifs: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  /** The service above it: national → regional → departmental. */
  parent: idSchema.nullable().optional(),
  types_agrement: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  bo: freeJsonObject('bo').optional(),
});
export type ServiceFields = z.infer<typeof serviceFieldsSchema>;
export const serviceChangesSchema = serviceFieldsSchema.partial().strict();
export type ServiceChanges = z.infer<typeof serviceChangesSchema>;

/** The messages of the services' administration forms (/administration/rds). */
export const SERVICE_FORM_MESSAGES = {
  nom: 'Indiquez le nom du service.',
  niveau: 'Choisissez le niveau territorial du service.',
  parentRequired: 'Choisissez le service parent, du niveau juste au-dessus (national pour un service régional, régional pour un service départemental).',
  nationalWithoutParent: 'Un service national n’a pas de service parent.',
  newParent: 'Choisissez le nouveau service parent.',
  created: (nom: string, email: string) => `Le service « ${nom} » est créé. Un lien pour choisir son mot de passe a été envoyé à ${email}.`,
  reparented: (nom: string, parent: string) => `Le service « ${nom} » est désormais rattaché à « ${parent} ».`,
};

/**
 * The creation form of /administration/rds, flat: the login address and the first fields of the
 * record (sent as POST auth-server/services); the parent sits exactly one level above (the server
 * checks the level, `SERVICE_PARENT_INVALID`).
 */
export const newServiceFormSchema = z
  .object({
    nom: z.string().trim().min(1, SERVICE_FORM_MESSAGES.nom).max(200),
    email: emailSchema,
    niveau_territorial: z.enum(NIVEAUX_TERRITORIAUX, { error: SERVICE_FORM_MESSAGES.niveau }),
    parent: idSchema.nullable(),
    code_territoire: optionalText(20),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.niveau_territorial === 'national' && value.parent !== null) {
      context.addIssue({ code: 'custom', path: ['parent'], message: SERVICE_FORM_MESSAGES.nationalWithoutParent });
    }
    if (value.niveau_territorial !== 'national' && value.parent === null) {
      context.addIssue({ code: 'custom', path: ['parent'], message: SERVICE_FORM_MESSAGES.parentRequired });
    }
  });
export type NewServiceForm = z.infer<typeof newServiceFormSchema>;

/** The reparenting form of a service's record. */
export const reparentFormSchema = z.object({ parent: z.string().min(1, SERVICE_FORM_MESSAGES.newParent).pipe(idSchema) }).strict();

/** A service record as a write answers it: `message` (French) when the call sent a validation link. */
export const serviceWriteResultSchema = serviceInstructeurSchema.extend({ message: z.string().optional() });

/** A service as the listing gives it: `bo` only when populated, its direct children when asked. */
export const serviceListItemSchema = serviceInstructeurSchema.extend({
  bo: z.record(z.string(), z.unknown()).optional(),
  children: z.array(z.object({ id: z.uuid(), nom: z.string(), niveau_territorial: z.enum(NIVEAUX_TERRITORIAUX).nullable() })).optional(),
});

const authGateway = 'auth-server' as const;
const rdsGateway = 'rds-server' as const;
const idParams = z.object({ id: idSchema });

const serviceAccountBodySchema = z
  .object({
    email: emailSchema,
    roles: z.array(z.enum(SERVICE_ACCOUNT_ROLES)).min(1).max(2).default(['rds.service']),
    /** The subsidy part, written in the same transaction. */
    service: serviceFieldsSchema.strict(),
  })
  .strict();
const serviceAccountChangesSchema = z
  .object({
    email: emailSchema.optional(),
    roles: z.array(z.enum(SERVICE_ACCOUNT_ROLES)).min(1).max(2).optional(),
    locked: z.boolean().optional(),
  })
  .strict();
/** What a manager is told about a service's address change, and the holder of a contact link once used. */
export const SERVICE_ACCOUNT_MESSAGES = {
  emailChangePending: (newEmail: string, currentEmail: string) =>
    `Un lien de validation a été envoyé à ${newEmail}. L'adresse de connexion du service reste ${currentEmail} tant que ce lien n'a pas été utilisé.`,
  /** `currentRecipient`: the contact address in use, or the login when the service has none. */
  contactChangePending: (newEmail: string, currentRecipient: string) =>
    `Un lien de validation a été envoyé à ${newEmail}. Les courriels des dossiers du service restent envoyés à ${currentRecipient} tant que ce lien n'a pas été utilisé.`,
  contactValidated: "L'adresse de contact du service est confirmée : les courriels des dossiers lui sont désormais envoyés.",
};

export const serviceAccountSchema = z.object({
  authId: z.uuid(),
  /** The login: a new address becomes it only through the link mailed to that address. */
  email: z.string(),
  /** A new address waiting for its validation link (null: none). */
  pendingEmail: z.string().nullable(),
  /** Set when the call sent a validation link (French). */
  message: z.string().optional(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  locked: z.boolean(),
  service: serviceInstructeurSchema,
});
export type ServiceAccountView = z.infer<typeof serviceAccountSchema>;

/** auth-server: the login part of a service. */
export const serviceAccountRoutes = {
  createServiceAccount: defineRoute({
    method: 'POST', gateway: authGateway, path: '/services', access: SERVICE_MANAGERS, scope: scope.none, successStatus: 201,
    errors: ['EMAIL_TAKEN', 'SERVICE_PARENT_INVALID', 'SERVICE_PARENT_NOT_FOUND', 'DISPOSITIF_UNKNOWN', 'TOO_MANY_REQUESTS'],
    summary:
      "Création d'un service instructeur : compte (rôles rds, lien de choix du mot de passe envoyé par courriel) et fiche service, en une transaction",
    body: serviceAccountBodySchema, response: serviceAccountSchema,
  }),
  updateServiceAccount: defineRoute({
    method: 'PATCH', gateway: authGateway, path: '/services/:id', access: SERVICE_MANAGERS,
    scope: { resource: 'service', id: { in: 'params', key: 'id' }, mode: 'write' },
    errors: ['NOTHING_TO_UPDATE', 'EMAIL_TAKEN', 'TOO_MANY_REQUESTS'],
    summary:
      "Modification du compte d'un service par son identifiant d'authentification : rôles, verrouillage, adresse de connexion (la nouvelle reste en attente jusqu'à l'usage du lien de validation qui lui est envoyé ; demande inscrite à l'audit)",
    params: idParams, body: serviceAccountChangesSchema, response: serviceAccountSchema,
  }),
  deleteServiceAccount: defineRoute({
    method: 'DELETE', gateway: authGateway, path: '/services/:id', access: SERVICE_MANAGERS,
    scope: { resource: 'service', id: { in: 'params', key: 'id' }, mode: 'write' },
    errors: ['SERVICE_HAS_CHILDREN', 'SERVICE_IN_USE', 'SERVICE_HAS_SCHEMES'],
    summary:
      "Suppression d'un service (compte et fiche ensemble) par son identifiant d'authentification ; refusée s'il a des services rattachés, des dossiers, ou s'il reste rattaché à des dispositifs, campagnes ou agréments ; inscrite à l'audit",
    params: idParams, response: z.object({ message: z.string() }),
  }),
};

const listQuerySchema = z.object({
  niveau: z.enum(NIVEAUX_TERRITORIAUX).optional(),
  parent: idSchema.optional(),
  dispositif: z.string().trim().min(1).max(50).optional(),
  query: z.string().trim().max(100).optional(),
  include_children: z.enum(['true', 'false']).default('true'),
  /** Comma-separated; 'bo' by default. */
  populate: z.string().max(100).default('bo'),
});

/** rds-server: the subsidy part of a service. */
export const rdsServiceRoutes = {
  listServices: defineRoute({
    method: 'GET', gateway: rdsGateway, path: '/services', access: SERVICE_READERS, scope: scope.caller,
    summary: "Services instructeurs à la portée de l'appelant (filtres niveau, parent, dispositif, recherche ; enfants et bo par défaut)",
    query: listQuerySchema, response: z.array(serviceListItemSchema),
  }),
  getService: defineRoute({
    method: 'GET', gateway: rdsGateway, path: '/services/:id', access: SERVICE_READERS,
    scope: { resource: 'service', id: { in: 'params', key: 'id' }, mode: 'read' },
    summary: "Fiche d'un service instructeur",
    params: idParams, response: serviceInstructeurSchema,
  }),
  createService: defineRoute({
    method: 'POST', gateway: rdsGateway, path: '/services', access: SERVICE_MANAGERS, scope: scope.none, successStatus: 201,
    errors: ['USER_NOT_FOUND', 'SERVICE_EXISTS', 'SERVICE_PARENT_INVALID', 'SERVICE_PARENT_NOT_FOUND', 'DISPOSITIF_UNKNOWN', 'TOO_MANY_REQUESTS'],
    summary:
      "Fiche service d'un compte de service qui n'en a pas encore (authId) ; une adresse de contact autre que l'adresse de connexion reste en attente jusqu'à l'usage du lien de validation qui lui est envoyé",
    body: serviceFieldsSchema.extend({ authId: idSchema }).strict(), response: serviceWriteResultSchema,
  }),
  updateService: defineRoute({
    method: 'PATCH', gateway: rdsGateway, path: '/services/:id', access: SERVICE_MANAGERS,
    scope: { resource: 'service', id: { in: 'params', key: 'id' }, mode: 'write' },
    errors: ['NOTHING_TO_UPDATE', 'SERVICE_PARENT_INVALID', 'SERVICE_PARENT_NOT_FOUND', 'SERVICE_PARENT_CYCLE', 'DISPOSITIF_UNKNOWN', 'TOO_MANY_REQUESTS'],
    summary:
      "Modification de la fiche d'un service (champs modifiés seulement ; un nouveau parent hors de sa propre descendance) ; une nouvelle adresse de contact (`email`) reste en attente (`pending_email`) jusqu'à l'usage du lien de validation qui lui est envoyé ; demande inscrite à l'audit",
    params: idParams, body: serviceChangesSchema, response: serviceWriteResultSchema,
  }),
  deleteService: defineRoute({
    method: 'DELETE', gateway: rdsGateway, path: '/services/:id', access: SERVICE_MANAGERS,
    scope: { resource: 'service', id: { in: 'params', key: 'id' }, mode: 'write' },
    errors: ['SERVICE_HAS_CHILDREN', 'SERVICE_IN_USE', 'SERVICE_HAS_SCHEMES'],
    summary:
      "Suppression d'un service (fiche et compte ensemble) ; refusée s'il a des services rattachés, des dossiers, ou s'il reste rattaché à des dispositifs, campagnes ou agréments ; inscrite à l'audit",
    params: idParams, response: z.object({ message: z.string() }),
  }),
};

// auth-server: sign-in, accounts and tokens (docs/domain.md « Session et rôles », « Champs », « Appels de l'API »); the
// session's own schemas and calls (refresh, logout, me) are in auth-session.ts.
import { z } from 'zod';
import { authSessionRoutes, sessionResponseSchema, sessionUserSchema } from './auth-session.ts';
import { civiliteSchema, emailSchema, idSchema, passwordSchema, personNameSchema, queryBoolean } from './fields.ts';
import { defineRoute, messageSchema } from './http.ts';
import { scope } from './scope.ts';
import { MESSAGES } from './messages.ts';
import { proconnectRoutes } from './proconnect.ts';
import { SERVICE_ACCOUNT_MANAGER_ROLES } from './roles.ts';

const gateway = 'auth-server' as const;

/** Site the user comes from (lca, dab...). */
const originValue = z.string().trim().regex(/^[a-z]{2,20}$/, MESSAGES.badFormat('origine'));
const originSchema = originValue.default('lca');

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: MESSAGES.required('mot de passe') }).min(1, MESSAGES.required('mot de passe')).max(128),
});

const confirmedPassword = <T extends { password: string; confirm: string }>(value: T) => value.password === value.confirm;

export const registerBodySchema = z
  .object({
    _id: z.string().optional(),
    email: emailSchema,
    password: passwordSchema,
    confirm: z.string({ error: MESSAGES.required('confirmation du mot de passe') }),
    civilite: civiliteSchema,
    nom: personNameSchema('nom'),
    prenom: personNameSchema('prénom'),
    /** Overrides ?origin= when sent. */
    origin: originValue.optional(),
  })
  .refine(confirmedPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerQuerySchema = z.object({
  origin: originSchema,
  sendValidation: queryBoolean.default(true),
});

export const registerResponseSchema = sessionResponseSchema.extend({ roles: z.array(z.string()) });

export const sendValidationMailBodySchema = z.object({ email: emailSchema, origin: originSchema });

export const resetPasswordBodySchema = z
  .object({ password: passwordSchema, confirm: z.string({ error: MESSAGES.required('confirmation du mot de passe') }) })
  .refine(confirmedPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] });

export const changePasswordBodySchema = z
  .object({
    old_password: z.string({ error: MESSAGES.required('ancien mot de passe') }).min(1, MESSAGES.required('ancien mot de passe')),
    new_password: passwordSchema,
    new_confirm: z.string({ error: MESSAGES.required('confirmation du mot de passe') }),
  })
  .refine((v) => v.new_password === v.new_confirm, { message: MESSAGES.passwordsDoNotMatch, path: ['new_confirm'] });

/**
 * Only the changed fields among email, nom, prenom, civilite (docs/domain.md « Champs »). A new address needs the
 * current password: an access token alone must not be enough to take the account over.
 */
export const updateUserBodySchema = z
  .object({
    email: emailSchema.optional(),
    nom: personNameSchema('nom').optional(),
    prenom: personNameSchema('prénom').optional(),
    civilite: civiliteSchema.optional(),
    current_password: z.string().max(128).optional(),
  })
  .strict()
  .refine((value) => value.email === undefined || (value.current_password ?? '') !== '', {
    message: MESSAGES.currentPasswordRequired,
    path: ['current_password'],
  });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const crossedServiceSchema = z.object({
  authId: z.string(),
  serviceId: z.string(),
  email: z.string(),
  nom: z.string(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  locked: z.boolean(),
});

const userIdParams = z.object({ id: idSchema });
const tokenParams = z.object({ token: z.string().min(16, MESSAGES.invalidToken).max(200) });

export const authRoutes = {
  login: defineRoute({
    method: 'POST', gateway, path: '/login', access: 'public',
    errors: ['BAD_CREDENTIALS', 'USER_LOCKED', 'LOGIN_THROTTLED'],
    summary: 'Connexion par adresse e-mail et mot de passe',
    body: loginBodySchema, response: sessionResponseSchema,
  }),
  register: defineRoute({
    method: 'POST', gateway, path: '/register', access: 'public',
    errors: ['EMAIL_TAKEN', 'TOO_MANY_REQUESTS'],
    summary: 'Création de compte (envoie le courriel de validation si demandé)',
    query: registerQuerySchema, body: registerBodySchema, response: registerResponseSchema, successStatus: 201,
  }),
  sendValidationMail: defineRoute({
    method: 'POST', gateway, path: '/sendValidationMail', access: 'public',
    errors: ['TOO_MANY_REQUESTS'],
    summary: 'Renvoi du courriel de validation', body: sendValidationMailBodySchema, response: messageSchema,
  }),
  validate: defineRoute({
    method: 'POST', gateway, path: '/validate/:token', access: 'public',
    errors: ['LINK_INVALID', 'LINK_EXPIRED', 'EMAIL_TAKEN'],
    summary: "Validation de l'adresse e-mail par le lien reçu : l'adresse de connexion d'un compte (`adresse: connexion`) ou l'adresse de contact d'un service instructeur (`adresse: contact`)",
    params: tokenParams, response: messageSchema.extend({ adresse: z.enum(['connexion', 'contact']) }),
  }),
  forgotPassword: defineRoute({
    method: 'POST', gateway, path: '/forgotPassword/:email', access: 'public', sendsAccessToken: false,
    errors: ['TOO_MANY_REQUESTS'],
    summary: 'Demande de réinitialisation du mot de passe (même réponse que le compte existe ou non)',
    params: z.object({ email: emailSchema }), query: z.object({ origin: originSchema }), response: messageSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST', gateway, path: '/resetPassword/:token', access: 'public',
    errors: ['LINK_INVALID', 'LINK_EXPIRED', 'USER_LOCKED', 'TOO_MANY_REQUESTS'],
    summary: 'Nouveau mot de passe par le lien reçu', params: tokenParams, body: resetPasswordBodySchema,
    response: sessionResponseSchema,
  }),
  changePassword: defineRoute({
    method: 'PATCH', gateway, path: '/users/:id/oauth', access: 'authenticated', scope: scope.account('auth'), allowPasswordChange: true,
    errors: ['USER_NOT_FOUND', 'WRONG_PASSWORD', 'SAME_PASSWORD'],
    summary:
      'Changement du mot de passe (ancien mot de passe requis) ; révoque les autres sessions et renvoie une nouvelle paire de jetons de la session courante',
    params: userIdParams, body: changePasswordBodySchema, response: sessionResponseSchema,
  }),
  updateUser: defineRoute({
    method: 'PATCH', gateway, path: '/users/:id', access: 'authenticated', scope: scope.account('auth'),
    errors: ['USER_NOT_FOUND', 'NOTHING_TO_UPDATE', 'CURRENT_PASSWORD_REQUIRED', 'WRONG_CURRENT_PASSWORD', 'EMAIL_TAKEN', 'TOO_MANY_REQUESTS'],
    summary:
      'Modification de l’identité du compte (champs modifiés seulement) ; une nouvelle adresse (mot de passe actuel requis) reste en attente jusqu’à sa validation',
    params: userIdParams, body: updateUserBodySchema, response: sessionUserSchema,
  }),
  joinAssociationPortal: defineRoute({
    method: 'POST', gateway, path: '/users/:id/association-role', access: 'authenticated', scope: scope.account('auth'),
    errors: ['USER_NOT_FOUND', 'ALREADY_ASSOCIATION_ACCOUNT'],
    summary:
      'Compte venu d’un autre site du ministère : ajoute le rôle association à son propre compte (la session prouve qu’il en est le titulaire)',
    params: userIdParams, response: sessionUserSchema,
  }),
  ...authSessionRoutes,
  ...proconnectRoutes,
  crossedServices: defineRoute({
    method: 'GET', gateway, path: '/crossed-services', access: SERVICE_ACCOUNT_MANAGER_ROLES, scope: scope.none,
    summary: 'Comptes des services instructeurs (authentification et fiche service croisées)',
    query: z.object({ query: z.string().trim().max(100).optional() }), response: z.array(crossedServiceSchema),
  }),
};

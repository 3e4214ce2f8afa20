// api-declaration-server (sessions, logs, declarations) and api-dab-server (missions), spec §7. The
// declarations and their log are the caller's as CEC validator (spec §6): the server finds the
// association by idAsso among the caller's (404 otherwise, as for any association file), checks the
// caller is one of its validators (403) and keeps what the head office or secondary establishment
// rule lets them see; so they are declared on the caller.
import { z } from 'zod';
import { idAssoSchema } from '../association-link.ts';
import { idSchema } from '../fields.ts';
import { defineRoute } from '../http.ts';
import { siretSchema } from '../identifiers.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { cecDeclarationSchema, cecLogSchema, cecSessionSchema, cecStatusBodySchema, missionSchema } from './schemas.ts';

const declaration = 'api-declaration-server' as const;
const dab = 'api-dab-server' as const;

const associationQuery = z.object({ idAsso: idAssoSchema, idSiret: siretSchema.optional() });

export const cecRoutes = {
  currentSession: defineRoute({
    method: 'GET', gateway: declaration, path: '/sessions/current', access: 'authenticated', scope: scope.none,
    errors: ['CEC_NO_CURRENT_SESSION'],
    summary: "La session de validation ouverte aujourd'hui (404 s'il n'y en a pas)",
    response: cecSessionSchema,
  }),
  sessions: defineRoute({
    method: 'GET', gateway: declaration, path: '/sessions', access: 'authenticated', scope: scope.none,
    summary: 'Les sessions de validation, la plus récente d’abord',
    response: z.array(cecSessionSchema),
  }),
  logs: defineRoute({
    method: 'GET', gateway: declaration, path: '/logs', access: ROLE_SETS.cecValidators, scope: scope.caller,
    errors: ['NOT_FOUND', 'CEC_NOT_VALIDATOR'],
    summary: "L'historique des décisions sur les déclarations que l'appelant valide pour l'association (idSiret : un établissement), le plus récent d’abord",
    query: associationQuery, response: z.array(cecLogSchema),
  }),
  declarations: defineRoute({
    method: 'GET', gateway: declaration, path: '/declarations', access: ROLE_SETS.cecValidators, scope: scope.caller,
    errors: ['NOT_FOUND', 'CEC_NOT_VALIDATOR'],
    summary:
      "Les déclarations d'heures de bénévolat de l'association adressées à l'appelant comme valideur CEC (siège : celles des établissements sans valideur " +
      "désigné ou dont il est le valideur ; établissement secondaire : le sien), avec `options.validable`",
    query: associationQuery, response: z.array(cecDeclarationSchema),
  }),
  updateStatus: defineRoute({
    method: 'PUT', gateway: declaration, path: '/declarations/status/:id', access: ROLE_SETS.cecValidators, scope: scope.caller,
    errors: ['CEC_DECLARATION_NOT_FOUND', 'CEC_NOT_VALIDATOR', 'CEC_DECLARATION_DECIDED', 'CEC_SESSION_CLOSED'],
    summary: 'Valide ou refuse (motif_refus_id 0-3 obligatoire) une déclaration en attente de décision de la session en cours ; journalisée et auditée',
    params: z.object({ id: idSchema }), body: cecStatusBodySchema, response: cecDeclarationSchema,
  }),
  missions: defineRoute({
    method: 'GET', gateway: dab, path: '/missions', access: 'authenticated', scope: scope.none,
    summary: 'Les missions de bénévolat que nomment les déclarations',
    response: z.array(missionSchema),
  }),
};

// psp-server (spec §7): the Pass'Sport dossiers of sports structures, their inscriptions, the
// exercises, affiliation certificates and the beneficiaries. A dossier is reached through the scope
// `passSportDossier` (docs/domain.md « Droits »: its creator or the members it is shared with, the
// head office reading, rds roles reading, lca.admin); a structure through its establishment (SIRET).
import { z } from 'zod';
import { downloadTicketSchema } from '../association-documents.ts';
import { idSchema, queryBoolean } from '../fields.ts';
import { sirenSchema, siretSchema } from '../identifiers.ts';
import { defineRoute } from '../http.ts';
import { MESSAGES } from '../messages.ts';
import { NOTIFICATION_TYPES } from '../notifications.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope, type ResourceRef } from '../scope.ts';
import { PASS_SPORT_STATES } from '../machines/pass-sport.ts';
import { PASS_SPORT_MESSAGES as M } from './messages.ts';
import {
  codePspSchema,
  PASS_SPORT_LIMITS as L,
  pspAdminDossierSchema,
  pspAffiliationSchema,
  pspBeneficiaireSchema,
  pspCertificateSchema,
  pspDossierInputSchema,
  pspDossierSchema,
  pspDossierUpdateSchema,
  pspEventSchema,
  pspExerciceInputSchema,
  pspExercicePatchSchema,
  pspExerciceSchema,
  pspInscriptionInputSchema,
  pspInscriptionPatchSchema,
  pspInscriptionSchema,
  pspStructureSchema,
} from './schemas.ts';

const gateway = 'psp-server' as const;

/** The structure (establishment) named by its SIRET, in the query or the path, as its association's establishment. */
const structure = <const M extends 'read' | 'write'>(mode: M, where: 'query' | 'params'): { resource: 'establishment'; association: ResourceRef; siret: ResourceRef; mode: M } => ({
  resource: 'establishment',
  association: { in: where, key: 'idSiret' },
  siret: { in: where, key: 'idSiret' },
  mode,
});

const exerciceIdSchema = z.coerce
  .number<string>({ error: MESSAGES.badFormat('exercice') })
  .int(MESSAGES.badFormat('exercice'))
  .min(0, MESSAGES.badFormat('exercice'))
  .max(99, MESSAGES.badFormat('exercice'));
const dossierParams = z.object({ id: idSchema });
const inscriptionParams = z.object({ id: idSchema, inscriptionId: idSchema });
const notificationTypeIds = Object.keys(NOTIFICATION_TYPES).map(Number);

export const pspBeneficiaireQuerySchema = z.object({
  exerciceId: exerciceIdSchema.optional(),
  /** Exact code (YY-XXXX-XXXX). */
  code: codePspSchema.optional(),
  code_postal: z.string().trim().regex(/^[0-9]{5}$/, MESSAGES.badFormat('code postal')).optional(),
  /** Beginning of the name (accents and case ignored). */
  nom: z.string().trim().min(1).max(100, MESSAGES.maxLength('nom', 100)).optional(),
  /** true: only those registered by a structure; false: only those not registered yet. */
  inscrit: queryBoolean.optional(),
  limit: z.coerce.number<string>().int().min(1, MESSAGES.badFormat('limit')).max(L.beneficiairesMax, MESSAGES.badFormat('limit')).default(L.beneficiairesDefault),
  /** The last id of the previous page (keyset, in the order of name then id). */
  after: idSchema.optional(),
});
export type PspBeneficiaireQuery = z.output<typeof pspBeneficiaireQuerySchema>;

/** POST /upload-affiliation's query: the association (SIREN), the federation the certificate is from, and the exercise (the active one when absent). */
export const pspCertificateQuerySchema = z.object({
  id_siren: sirenSchema,
  siren_federation: z.string({ error: M.federationSirenRequired }).trim().min(1, M.federationSirenRequired).pipe(sirenSchema),
  nom_federation: z
    .string({ error: MESSAGES.required('nom de la fédération') })
    .trim()
    .min(1, MESSAGES.required('nom de la fédération'))
    .max(L.nomFederation, MESSAGES.maxLength('nom de la fédération', L.nomFederation)),
  exerciceId: exerciceIdSchema.optional(),
});
export type PspCertificateQuery = z.output<typeof pspCertificateQuerySchema>;

export const pspAdminDossierQuerySchema = z.object({
  etat: z.enum(PASS_SPORT_STATES, { error: MESSAGES.badFormat('état') }).optional(),
  limit: z.coerce.number<string>().int().min(1, MESSAGES.badFormat('limit')).max(L.beneficiairesMax, MESSAGES.badFormat('limit')).default(L.beneficiairesDefault),
  /** The number of the last dossier of the previous page (newest first). */
  before: z.coerce.number<string>().int().min(1, MESSAGES.badFormat('before')).optional(),
});
export type PspAdminDossierQuery = z.output<typeof pspAdminDossierQuerySchema>;

export const passSportRoutes = {
  createPspDossier: defineRoute({
    method: 'POST', gateway, path: '/dossiers', access: ROLE_SETS.associationMembers, scope: scope.caller,
    summary:
      "Crée le dossier Pass'Sport de la structure (établissement id_siret, que l'appelant peut modifier) ; si la structure en a déjà un vivant, " +
      'le rend au lieu d’en créer un second, avec le message de §8 ; une association non éligible est refusée',
    body: pspDossierInputSchema,
    errors: ['NOT_FOUND', 'PSP_NOT_ELIGIBLE', 'PSP_NOT_SHAREABLE', 'PSP_RIB_NOT_OF_STRUCTURE'],
    response: z.object({ dossier: pspDossierSchema, message: z.string(), created: z.boolean() }),
  }),
  listPspDossiers: defineRoute({
    method: 'GET', gateway, path: '/dossiers', access: ROLE_SETS.associationReaders, scope: structure('read', 'query'),
    summary:
      "Les dossiers de la structure que l'appelant atteint (créés par lui ou partagés avec lui ; tous pour le siège et les administrateurs), " +
      'leurs inscriptions limitées à exerciceId quand il est donné',
    query: z.object({ idSiret: siretSchema, exerciceId: exerciceIdSchema.optional() }),
    response: z.array(pspDossierSchema),
  }),
  updatePspDossier: defineRoute({
    method: 'PUT', gateway, path: '/dossiers/:id', access: ROLE_SETS.associationMembers, scope: scope.passSportDossier('write'),
    summary:
      'Enregistre la structure (nom, RIB), le partage et les fédérations du dossier (état 1) ; une fédération ajoutée a son attestation d’affiliation ' +
      '(de l’exercice ouvert ou d’un précédent) ; une fédération à laquelle des inscriptions sont rattachées reste ; ' +
      '`forceNotificationType` notifie de ce type les autres personnes du dossier',
    params: dossierParams,
    query: z.object({ forceNotificationType: z.coerce.number<string>().int().refine((n) => notificationTypeIds.includes(n), MESSAGES.badFormat('type de notification')).optional() }),
    body: pspDossierUpdateSchema,
    errors: ['PSP_DOSSIER_NOT_EDITABLE', 'PSP_AFFILIATION_CERTIFICATE_MISSING', 'PSP_FEDERATION_HAS_INSCRIPTIONS', 'PSP_NOT_SHAREABLE', 'PSP_RIB_NOT_OF_STRUCTURE'],
    response: pspDossierSchema,
  }),
  pspStructure: defineRoute({
    method: 'GET', gateway, path: '/dossiers/:idSiret/association', access: ROLE_SETS.associationReaders, scope: structure('read', 'params'),
    summary:
      "La structure et son éligibilité : affiliation à une fédération du référentiel federations-sportives ou agrément Sport valide ; " +
      'ses attestations d’affiliation, ses RIB et les membres avec qui partager',
    params: z.object({ idSiret: siretSchema }),
    response: pspStructureSchema,
  }),
  listPspExercices: defineRoute({
    method: 'GET', gateway, path: '/exercices', access: ROLE_SETS.associationsAndServices, scope: scope.none,
    summary: "Les exercices Pass'Sport, le plus récent d'abord",
    response: z.array(pspExerciceSchema),
  }),
  addPspInscription: defineRoute({
    method: 'POST', gateway, path: '/dossiers/:id/inscriptions', access: ROLE_SETS.associationMembers, scope: scope.passSportDossier('write'),
    summary:
      'Inscrit le bénéficiaire du code (YY-XXXX-XXXX) : dossier en état 1, association éligible, code existant, exercice ouvert, ' +
      'fédération du dossier avec son attestation d’affiliation, bénéficiaire inscrit nulle part ailleurs',
    params: dossierParams, body: pspInscriptionInputSchema,
    errors: [
      'PSP_DOSSIER_NOT_EDITABLE', 'PSP_NOT_ELIGIBLE', 'PSP_CODE_UNKNOWN', 'PSP_REGISTRATIONS_CLOSED', 'PSP_REGISTRATIONS_NOT_OPEN',
      'PSP_FEDERATION_UNKNOWN', 'PSP_AFFILIATION_CERTIFICATE_MISSING', 'PSP_BENEFICIARY_ALREADY_REGISTERED',
    ],
    response: pspInscriptionSchema, successStatus: 201,
  }),
  updatePspInscription: defineRoute({
    method: 'PATCH', gateway, path: '/dossiers/:id/inscriptions/:inscriptionId', access: ROLE_SETS.associationMembers, scope: scope.passSportDossier('write'),
    summary: "Change la fédération d'une inscription (dossier en état 1, fédération du dossier avec son attestation)",
    params: inscriptionParams, body: pspInscriptionPatchSchema,
    errors: ['PSP_DOSSIER_NOT_EDITABLE', 'PSP_INSCRIPTION_NOT_FOUND', 'PSP_INSCRIPTION_REMOVED', 'PSP_FEDERATION_UNKNOWN', 'PSP_AFFILIATION_CERTIFICATE_MISSING'],
    response: pspInscriptionSchema,
  }),
  removePspInscription: defineRoute({
    method: 'DELETE', gateway, path: '/dossiers/:id/inscriptions/:inscriptionId', access: ROLE_SETS.associationMembers, scope: scope.passSportDossier('write'),
    summary: "Supprime l'inscription (état 8 ; le bénéficiaire peut être inscrit de nouveau) et rend l'inscription mise à jour",
    params: inscriptionParams,
    errors: ['PSP_DOSSIER_NOT_EDITABLE', 'PSP_INSCRIPTION_NOT_FOUND', 'PSP_INSCRIPTION_REMOVED'],
    response: pspInscriptionSchema,
  }),
  pspDossierPdf: defineRoute({
    method: 'GET', gateway, path: '/dossiers/:id/pdf', access: ROLE_SETS.associationsAndServices, scope: scope.passSportDossier('read'),
    summary: 'Le dossier au format PDF : la structure, les fédérations et les inscriptions en cours',
    params: dossierParams, rawResponse: true, errors: ['TOO_MANY_REQUESTS'], response: z.unknown(),
  }),
  uploadPspAffiliation: defineRoute({
    method: 'POST', gateway, path: '/upload-affiliation', access: ROLE_SETS.associationMembers, scope: scope.association('write', 'id_siren'),
    summary:
      "Dépose l'attestation d'affiliation de l'association (id_siren) à une fédération pour un exercice (l'exercice ouvert sans exerciceId), par son siège : " +
      'multipart, champ « file » (PDF, JPG ou JPEG, 15 Mo), rangée parmi les documents de l’association (type AFFIL) ; une attestation de la même ' +
      'fédération et du même exercice est remplacée (son document archivé)',
    query: pspCertificateQuerySchema,
    multipart: true,
    errors: ['NOT_FOUND', 'PSP_EXERCISE_UNKNOWN', 'MISSING_FILE', 'FILE_NAME_REFUSED', 'FILE_CONTENT_REFUSED', 'UPLOAD_INTERRUPTED', 'FILE_TOO_LARGE'],
    response: pspCertificateSchema,
    successStatus: 201,
  }),
  listPspBeneficiaires: defineRoute({
    method: 'GET', gateway, path: '/beneficiaires', access: ROLE_SETS.passSportStaff, scope: scope.none,
    summary:
      'Les bénéficiaires (agents et administrateurs) : filtres exerciceId, code, code_postal, début du nom, inscrit ; par nom puis id, ' +
      'page suivante par `after`',
    query: pspBeneficiaireQuerySchema,
    response: z.array(pspBeneficiaireSchema.extend({ inscrit: z.boolean() })),
  }),
  createPspExercice: defineRoute({
    method: 'POST', gateway, path: '/exercices', access: ROLE_SETS.platformAdmins, scope: scope.none,
    summary: "Crée un exercice (administration) : son année donne son identifiant (YY), ses dates bornent les inscriptions ; ouvert ou non",
    body: pspExerciceInputSchema,
    errors: ['PSP_EXERCISE_EXISTS', 'PSP_EXERCISE_DATES'],
    response: pspExerciceSchema, successStatus: 201,
  }),
  updatePspExercice: defineRoute({
    method: 'PATCH', gateway, path: '/exercices/:id', access: ROLE_SETS.platformAdmins, scope: scope.none,
    summary: "Ouvre ou clôt un exercice (active), ou change ses dates (administration)",
    params: z.object({ id: exerciceIdSchema }), body: pspExercicePatchSchema,
    errors: ['PSP_EXERCISE_UNKNOWN', 'PSP_EXERCISE_DATES'],
    response: pspExerciceSchema,
  }),
  listPspAdminDossiers: defineRoute({
    method: 'GET', gateway, path: '/admin/dossiers', access: ROLE_SETS.platformAdmins, scope: scope.none,
    summary:
      "Les dossiers de toutes les structures (administration), du plus récent au plus ancien, filtrés par état, page suivante par `before` ; " +
      'avec les événements de la machine que l’appelant peut déclencher (traitement, paiement, remboursement)',
    query: pspAdminDossierQuerySchema,
    response: z.array(pspAdminDossierSchema),
  }),
  listPspAffiliations: defineRoute({
    method: 'GET', gateway, path: '/affiliations', access: ROLE_SETS.platformAdmins, scope: scope.none,
    summary: "Les attestations d'affiliation déposées (administration), les plus récentes d'abord, filtrées par exercice et fédération",
    query: z.object({ exerciceId: exerciceIdSchema.optional(), siren_federation: sirenSchema.optional() }),
    response: z.array(pspAffiliationSchema),
  }),
  pspCertificateTicket: defineRoute({
    method: 'POST', gateway, path: '/affiliations/:id/ticket', access: ROLE_SETS.platformAdmins, scope: scope.none,
    summary: "Ticket de téléchargement du document d'une attestation d'affiliation (administration), pour un lien du navigateur à usage unique",
    params: z.object({ id: idSchema }),
    errors: ['NOT_FOUND'],
    response: downloadTicketSchema, successStatus: 201,
  }),
  firePspDossierEvent: defineRoute({
    method: 'POST', gateway, path: '/dossiers/:id/events', access: ROLE_SETS.passSportActors, scope: scope.passSportDossier('read'),
    firesTransition: true,
    summary:
      "Un événement de la machine pass_sport : traiter (1 → 2), mettre_en_paiement (2 → 3), rembourser (3 → 4), refuser (1, 2 → 7) par le service " +
      'instructeur du dossier ou rds.admin ; supprimer (1 → 8) par la structure, supprimer_par_le_service (1, 2 → 9) ; la machine dit qui peut quoi',
    params: dossierParams, body: pspEventSchema,
    response: pspDossierSchema,
  }),
};

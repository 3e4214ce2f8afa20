// lca-server: the portal's content kept by the LCA administrators (/administration/lca): the notes
// shown on pages (their HTML sanitised by the server when written), the links of `GET /urls` and
// the document templates of `GET /documents-modeles` (uploaded files, downloaded by any signed-in
// user). Reading the notes of a page is notes-on-page.ts; the questions asked of subsidy dossiers
// are subsidies/questions-routes.ts.
import { z } from 'zod';
import { CHAIN_HISTORY_PAGE, chainHistoryEntrySchema, chainHistoryQuerySchema, chainHistorySchema, type ChainHistory, type ChainHistoryEntry } from './audit.ts';
import { idSchema } from './fields.ts';
import { defineRoute, messageSchema } from './http.ts';
import { MESSAGES } from './messages.ts';
import { NOTE_TYPES, noteOnPageSchema } from './notes-on-page.ts';
import { isPageName } from './pages.ts';
import { REFERENTIEL_AUDIT_ENTITY } from './referentiels.ts';
import { ROLE_SETS } from './roles.ts';
import { scope } from './scope.ts';

const gateway = 'lca-server' as const;

/** Who keeps the portal's content (notes, questions, links, templates). */
export const CONTENT_ADMINS = ROLE_SETS.lcaAdmins;

export const CONTENT_LIMITS = {
  noteTitle: 200,
  /** HTML of a note, before sanitising. */
  noteContent: 20_000,
  routesPerNote: 50,
  libelle: 200,
  url: 2_000,
  code: 60,
  questionLabel: 500,
} as const;

export const CONTENT_MESSAGES = {
  /** §8: what the client says when a template list or download fails. */
  documentsModelesFailure: 'Un problème est survenu lors de la récupération des documents modeles.',
  /** §8: what the client says when a question's update fails. */
  questionUpdateFailure: 'Une erreur est survenue lors de la mise à jour du dossier / de la question.',
  elementNotFound: "L'élément n'existe pas.",
  noteEmpty: 'Le contenu de la note est vide une fois le code HTML non autorisé retiré.',
  notePeriod: 'La date de fin doit être postérieure à la date de début.',
  routesRequired: 'Choisissez au moins une page où afficher la note.',
  unknownPage: "Cette page n'existe pas dans le portail : choisissez-la dans la liste des pages.",
  codeFormat: 'Le code ne contient que des lettres minuscules sans accent, des chiffres, « _ » et « - ».',
  questionCodeTaken: 'Une question porte déjà ce code.',
  urlCodeTaken: 'Un lien porte déjà ce code.',
  urlScheme: "L'adresse doit commencer par https:// ou http://.",
  noteSaved: 'La note a été enregistrée.',
  noteDeleted: 'La note a été supprimée.',
  questionSaved: 'La question a été enregistrée.',
  urlSaved: 'Le lien a été enregistré.',
  urlDeleted: 'Le lien a été supprimé.',
  templateSaved: 'Le modèle de document a été déposé.',
  templateDeleted: 'Le modèle de document a été supprimé.',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.required(label) })
    .trim()
    .min(1, MESSAGES.required(label))
    .max(max, MESSAGES.maxLength(label, max));

/** A stable key (questions, links): lower-case letters, digits, `_` and `-`. */
export const contentCodeSchema = text('code', CONTENT_LIMITS.code).regex(/^[a-z0-9][a-z0-9_-]*$/, CONTENT_MESSAGES.codeFormat);

const rangSchema = z.coerce.number({ error: MESSAGES.badFormat('rang') }).int(MESSAGES.badFormat('rang')).min(0, MESSAGES.badFormat('rang')).max(10_000, MESSAGES.badFormat('rang'));
const dateTimeSchema = z.iso.datetime({ offset: true, error: MESSAGES.badFormat('date') });

// ---------------------------------------------------------------------------------------------
// Notes on pages

/** A page of the client's route table, by its name (`dossiers`, `home`…): one of PAGE_NAMES (pages.ts). */
export const routeNameSchema = z.string({ error: CONTENT_MESSAGES.unknownPage }).trim().refine(isPageName, CONTENT_MESSAGES.unknownPage);

export const noteInputSchema = z
  .object({
    type: z.enum(NOTE_TYPES, { error: MESSAGES.badFormat('type') }),
    title: text('titre', CONTENT_LIMITS.noteTitle).nullish(),
    /** HTML; what sanitize-html removes (scripts, event attributes…) is not stored. */
    content: text('contenu', CONTENT_LIMITS.noteContent),
    routes: z.array(routeNameSchema).min(1, CONTENT_MESSAGES.routesRequired).max(CONTENT_LIMITS.routesPerNote),
    active: z.boolean().default(true),
    startsAt: dateTimeSchema.nullish(),
    endsAt: dateTimeSchema.nullish(),
  })
  .strict()
  .refine((note) => !note.startsAt || !note.endsAt || Date.parse(note.endsAt) > Date.parse(note.startsAt), {
    message: CONTENT_MESSAGES.notePeriod,
    path: ['endsAt'],
  });
export type NoteInput = z.input<typeof noteInputSchema>;

/** A note as the administrators see it: with its state and period. */
export const noteAdminSchema = noteOnPageSchema.extend({
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NoteAdmin = z.infer<typeof noteAdminSchema>;

// ---------------------------------------------------------------------------------------------
// Links (urls)

export const urlInputSchema = z
  .object({
    code: contentCodeSchema,
    libelle: text('libellé', CONTENT_LIMITS.libelle),
    url: text('adresse', CONTENT_LIMITS.url).refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), CONTENT_MESSAGES.urlScheme),
    rang: rangSchema.default(0),
  })
  .strict();
export type UrlInput = z.input<typeof urlInputSchema>;

export const usefulUrlSchema = z.object({ id: z.uuid(), code: z.string(), libelle: z.string(), url: z.string(), rang: z.number().int() });
export type UsefulUrl = z.infer<typeof usefulUrlSchema>;

// ---------------------------------------------------------------------------------------------
// Document templates

export const documentModeleSchema = z.object({
  id: z.uuid(),
  libelle: z.string(),
  /** The file's name. */
  nom: z.string(),
  mime_type: z.string(),
  taille: z.number().int(),
  date_chargement: z.string(),
});
export type DocumentModele = z.infer<typeof documentModeleSchema>;

export const uploadModeleQuerySchema = z.object({ libelle: text('libellé', CONTENT_LIMITS.libelle) });

const idParams = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------------
// History of the content's changes (the content's audit chain)

/** What the content's history holds, by the audit trail's entity names (AUDIT_ENTITY_LABELS). */
export const CONTENT_HISTORY_ENTITIES = ['note_page', 'question', 'lien', 'document_modele', REFERENTIEL_AUDIT_ENTITY] as const;
export type ContentHistoryEntity = (typeof CONTENT_HISTORY_ENTITIES)[number];
export const CONTENT_HISTORY_PAGE = CHAIN_HISTORY_PAGE;

export const contentHistoryQuerySchema = chainHistoryQuerySchema.extend({
  entite: z.enum(CONTENT_HISTORY_ENTITIES, { error: MESSAGES.badFormat('entite') }).optional(),
});

export const contentHistoryEntrySchema = chainHistoryEntrySchema;
export type ContentHistoryEntry = ChainHistoryEntry;
export const contentHistorySchema = chainHistorySchema;
export type ContentHistory = ChainHistory;

export const lcaContentRoutes = {
  contentHistory: defineRoute({
    method: 'GET', gateway, path: '/contenus/historique', access: CONTENT_ADMINS, scope: scope.none,
    summary:
      "Historique des modifications du contenu du portail (notes, questions, liens, modèles de documents, référentiels), du plus récent au plus ancien, " +
      "filtré par type d'élément ; pagination par repère (`avant` : `suivant` de la page précédente) ; les champs secrets (jetons, mots de passe, secrets, IBAN) sont masqués",
    query: contentHistoryQuerySchema, response: contentHistorySchema,
  }),
  listAllNotes: defineRoute({
    method: 'GET', gateway, path: '/notesOnPage/all', access: CONTENT_ADMINS, scope: scope.none,
    summary: 'Toutes les notes des pages, actives ou non, les plus récentes d’abord (administration)',
    response: z.array(noteAdminSchema),
  }),
  createNote: defineRoute({
    method: 'POST', gateway, path: '/notesOnPage', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['NOTE_EMPTY'],
    summary: 'Crée une note (type, titre, HTML nettoyé par le serveur, pages par nom de route, période) ; inscrite au journal',
    body: noteInputSchema, response: noteAdminSchema, successStatus: 201,
  }),
  updateNote: defineRoute({
    method: 'PUT', gateway, path: '/notesOnPage/:id', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND', 'NOTE_EMPTY'],
    summary: 'Remplace une note (HTML nettoyé par le serveur) ; inscrite au journal',
    params: idParams, body: noteInputSchema, response: noteAdminSchema,
  }),
  deleteNote: defineRoute({
    method: 'DELETE', gateway, path: '/notesOnPage/:id', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND'],
    summary: 'Supprime une note ; inscrite au journal',
    params: idParams, response: messageSchema,
  }),

  listUrls: defineRoute({
    method: 'GET', gateway, path: '/urls', access: 'authenticated', scope: scope.none,
    summary: 'Liens utiles du portail, par rang',
    response: z.array(usefulUrlSchema),
  }),
  createUrl: defineRoute({
    method: 'POST', gateway, path: '/urls', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['URL_CODE_TAKEN'],
    summary: 'Ajoute un lien (code unique, libellé, adresse http(s)) ; inscrit au journal',
    body: urlInputSchema, response: usefulUrlSchema, successStatus: 201,
  }),
  updateUrl: defineRoute({
    method: 'PUT', gateway, path: '/urls/:id', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND', 'URL_CODE_TAKEN'],
    summary: 'Remplace un lien ; inscrit au journal',
    params: idParams, body: urlInputSchema, response: usefulUrlSchema,
  }),
  deleteUrl: defineRoute({
    method: 'DELETE', gateway, path: '/urls/:id', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND'],
    summary: 'Supprime un lien ; inscrit au journal',
    params: idParams, response: messageSchema,
  }),

  listDocumentsModeles: defineRoute({
    method: 'GET', gateway, path: '/documents-modeles', access: 'authenticated', scope: scope.none,
    summary: 'Modèles de documents à télécharger, par libellé',
    response: z.array(documentModeleSchema),
  }),
  uploadDocumentModele: defineRoute({
    method: 'POST', gateway, path: '/documents-modeles', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['MISSING_FILE', 'FILE_NAME_REFUSED', 'FILE_CONTENT_REFUSED', 'FILE_TOO_LARGE', 'UPLOAD_INTERRUPTED'],
    summary: 'Dépose un modèle de document (multipart, champ « file » ; PDF, JPG ou JPEG vérifiés sur le contenu ; 15 Mo au plus) ; inscrit au journal',
    query: uploadModeleQuerySchema, multipart: true, response: documentModeleSchema, successStatus: 201,
  }),
  downloadDocumentModele: defineRoute({
    method: 'GET', gateway, path: '/documents-modeles/:id', access: 'authenticated', scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND'],
    summary: 'Le fichier d’un modèle de document',
    params: idParams, response: z.unknown(), rawResponse: true,
  }),
  deleteDocumentModele: defineRoute({
    method: 'DELETE', gateway, path: '/documents-modeles/:id', access: CONTENT_ADMINS, scope: scope.none,
    errors: ['ELEMENT_NOT_FOUND'],
    summary: 'Supprime un modèle de document et son fichier ; inscrit au journal',
    params: idParams, response: messageSchema,
  }),
};

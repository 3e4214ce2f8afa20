// proxy-asso: the association file (docs/domain.md « Données », « Appels de l'API ») — identity,
// establishments, bank details, legal representatives, budgets — and the user ↔ association link.
import { z } from 'zod';
import { freeJson, freeJsonObject } from './input-checks.ts';
import {
  bicSchema,
  budgetLinesSchema,
  BUDGET_ACCOUNTS,
  budgetAmountSchema,
  changeBoolean,
  changesSchema,
  countSchema,
  dayDateSchema,
  DOMAINES,
  etptSchema,
  euroSchema,
  fileYearSchema,
  ibanSchema,
  NUMERO_AFFILIATION_PATTERN,
  isoDateSchema,
  phoneSchema,
  REGIMES,
} from './association-rules.ts';
import { civiliteSchema, emailSchema, idSchema, NAME_PATTERN, queryBoolean } from './fields.ts';
import type { ErrorKey } from './errors.ts';
import { defineRoute, messageSchema } from './http.ts';
import { scope } from './scope.ts';
import { sirenSchema, siretSchema } from './identifiers.ts';
import { AMALIA_LENGTH, FOLIO_LENGTH, TEXT_LIMITS, VOLUME_LENGTH } from './limits.ts';
import { ASSOCIATION_FILE_MESSAGES } from './association-messages.ts';
import { MESSAGES } from './messages.ts';
import { ASSOCIATION_READ_ROLES, ASSOCIATION_WRITE_ROLES, idAssoSchema } from './association-link.ts';

const gateway = 'proxy-asso' as const;

// ---------------------------------------------------------------------------------------------
// Queries (the association id, the roles and the user ↔ association link: association-link.ts).

const assoQuery = z.object({ id_asso: idAssoSchema });
const assoSiretQuery = z.object({ id_asso: idAssoSchema, id_siret: siretSchema.optional() });
const assoSiretRequiredQuery = z.object({ id_asso: idAssoSchema, id_siret: siretSchema });
const assoIdQuery = z.object({ id_asso: idAssoSchema, id: idSchema, id_siret: siretSchema.optional() });
const anneeSchema = z.coerce
  .number({ error: MESSAGES.badFormat('année') })
  .int(MESSAGES.badFormat('année'))
  .min(1900, MESSAGES.badFormat('année'))
  .max(2100, MESSAGES.badFormat('année'));

// ---------------------------------------------------------------------------------------------
// Identity (identite + coordonnees + activites + specificites).

const nullableText = (label: string, max: number) => z.string().trim().max(max, MESSAGES.maxLength(label, max)).nullable();

export const addressSchema = freeJsonObject('adresse');
export const passsportSchema = z.object({
  est_volontaire: z.boolean().nullable(),
  activites: z.array(z.string()),
  a_accueil_handicap_moteur: z.boolean().nullable(),
  a_accueil_handicap_mental: z.boolean().nullable(),
});

export const associationIdentiteSchema = z.object({
  identite: z.object({
    id_correspondance: z.string(),
    id_rna: z.string().nullable(),
    id_siren: z.string().nullable(),
    id_siret: z.string().nullable(),
    id_siret_siege: z.string().nullable(),
    nom: z.string(),
    sigle: z.string().nullable(),
    id_forme_juridique: z.string().nullable(),
    date_creation: z.string().nullable(),
    regime: z.string().nullable(),
    util_publique: z.boolean(),
    date_publication_util_publique: z.string().nullable(),
    date_pub_registre: z.string().nullable(),
    tribunal_instance: z.string().nullable(),
    numero_amalia: z.string().nullable(),
    volume: z.string().nullable(),
    folio: z.string().nullable(),
    impots_commerciaux: z.boolean().nullable(),
    a_dons_subv_153000: z.boolean().nullable(),
    a_publication_comptes_jo: z.boolean().nullable(),
    a_commissaire_aux_comptes: z.boolean().nullable(),
    type_structure_sportive: z.string().nullable(),
  }),
  coordonnees: z.object({
    adresse_siege: addressSchema.nullable(),
    adresse_gestion: addressSchema.nullable(),
    telephone: z.string().nullable(),
    site_web: z.string().nullable(),
    courriel: z.string().nullable(),
  }),
  activites: z.object({ domaine: z.string().nullable(), champ_action_territorial: z.string().nullable(), objet: z.string().nullable() }),
  specificites: z.object({ passsport: passsportSchema }).catchall(freeJson('spécificité')),
  agrement: z.unknown().nullable(),
  commentaire: z.string().nullable(),
});
export type AssociationIdentite = z.infer<typeof associationIdentiteSchema>;

/** Keys a PATCH of the identity may carry, with their rule (cross-field rules: applyCharacteristicsRules). */
export const identiteChangesSchema = z.strictObject({
  regime: z.enum(REGIMES, { error: MESSAGES.required('régime') }),
  util_publique: changeBoolean('reconnue d’utilité publique'),
  date_publication_util_publique: isoDateSchema('date de publication RUP').nullable(),
  date_pub_registre: isoDateSchema('date d’inscription au registre').nullable(),
  tribunal_instance: nullableText('tribunal d’instance', 100),
  numero_amalia: z
    .string()
    .trim()
    .min(AMALIA_LENGTH.min, MESSAGES.minLength('numéro Amalia', AMALIA_LENGTH.min))
    .max(AMALIA_LENGTH.max, MESSAGES.maxLength('numéro Amalia', AMALIA_LENGTH.max))
    .nullable(),
  volume: z.string().trim().length(VOLUME_LENGTH, MESSAGES.exactLength('volume', VOLUME_LENGTH)).nullable(),
  folio: z.string().trim().length(FOLIO_LENGTH, MESSAGES.exactLength('folio', FOLIO_LENGTH)).nullable(),
  impots_commerciaux: changeBoolean('impôts commerciaux').nullable(),
  a_dons_subv_153000: changeBoolean('dons et subventions supérieurs à 153 000 €').nullable(),
  a_publication_comptes_jo: changeBoolean('publication des comptes au JOAFE').nullable(),
  a_commissaire_aux_comptes: changeBoolean('commissaire aux comptes').nullable(),
  domaine: z.enum(DOMAINES, { error: MESSAGES.badFormat('domaine') }).nullable(),
  type_structure_sportive: nullableText('type de structure sportive', 100),
  champ_action_territorial: z
    .string({ error: MESSAGES.required('champ d’action territorial') })
    .trim()
    .min(1, MESSAGES.required('champ d’action territorial'))
    .max(100, MESSAGES.maxLength('champ d’action territorial', 100)),
  objet: nullableText('objet', TEXT_LIMITS.object),
  telephone: phoneSchema().nullable(),
  courriel: emailSchema.nullable(),
  site_web: z.url({ error: MESSAGES.badFormat('site web') }).max(255, MESSAGES.maxLength('site web', 255)).nullable(),
  commentaire: nullableText('commentaire', 2000),
  'passsport.est_volontaire': changeBoolean('bénévole Pass’Sport').nullable(),
  'passsport.activites': z.array(z.string().trim().min(1).max(100)).max(50),
  'passsport.a_accueil_handicap_moteur': changeBoolean('accueil handicap moteur').nullable(),
  'passsport.a_accueil_handicap_mental': changeBoolean('accueil handicap mental').nullable(),
}).partial();

// ---------------------------------------------------------------------------------------------
// Establishments.

export const etablissementSchema = z.object({
  siret: z.string(),
  nic: z.string(),
  enseigne: z.string().nullable(),
  note: z.string().nullable(),
  courriel: z.string().nullable(),
  telephone: z.string().nullable(),
  est_siege: z.boolean(),
  actif: z.boolean(),
  adresse: addressSchema.nullable(),
});
export type Etablissement = z.infer<typeof etablissementSchema>;
export const etablissementChangesSchema = z.strictObject({
  enseigne: nullableText('enseigne', 100),
  note: nullableText('note', 2000),
  courriel: emailSchema.nullable(),
  telephone: phoneSchema().nullable(),
}).partial();

// ---------------------------------------------------------------------------------------------
// Bank details.

export const ribSchema = z.object({
  id: z.string(),
  id_siret: z.string(),
  titulaire: z.string(),
  banque: z.string().nullable(),
  domiciliation: z.string().nullable(),
  iban: z.string(),
  bic: z.string(),
});
export type Rib = z.infer<typeof ribSchema>;
export const ribFieldsSchema = z.strictObject({
  titulaire: z.string({ error: MESSAGES.required('titulaire') }).trim().min(1, MESSAGES.required('titulaire')).max(100, MESSAGES.maxLength('titulaire', 100)),
  banque: nullableText('banque', 100).optional(),
  domiciliation: nullableText('domiciliation', 100).optional(),
  iban: ibanSchema,
  bic: bicSchema,
});
export const ribChangesSchema = ribFieldsSchema.partial();

// ---------------------------------------------------------------------------------------------
// Legal representatives (complete only with civilité, nom, prénom, courriel, fonction, téléphone).

export const representantSchema = z.object({
  id: z.string(),
  id_siret: z.string().nullable(),
  civilite: z.string().nullable(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  fonction: z.string().nullable(),
  courriel: z.string().nullable(),
  telephone: z.string().nullable(),
  valideur_cec: z.boolean(),
  est_representant_legal: z.boolean(),
  publication_internet: z.boolean(),
  deleted: z.boolean(),
});
export type Representant = z.infer<typeof representantSchema>;
const requiredText = (label: string, max: number) =>
  z.string({ error: MESSAGES.required(label) }).trim().min(1, MESSAGES.required(label)).max(max, MESSAGES.maxLength(label, max));
export const representantFieldsSchema = z.strictObject({
  civilite: civiliteSchema,
  nom: requiredText('nom', 100).regex(NAME_PATTERN, MESSAGES.badFormat('nom')),
  prenom: requiredText('prénom', 100).regex(NAME_PATTERN, MESSAGES.badFormat('prénom')),
  courriel: emailSchema,
  fonction: requiredText('fonction', 100),
  telephone: phoneSchema(),
  valideur_cec: changeBoolean('valideur CEC').optional(),
  est_representant_legal: changeBoolean('représentant légal').optional(),
  publication_internet: changeBoolean('publication internet').optional(),
  id_siret: siretSchema.nullish(),
});
export const representantChangesSchema = representantFieldsSchema.partial();
export const representantFonctionSiretChangesSchema = z.strictObject({
  valideur_cec: changeBoolean('valideur CEC'),
  id_siret: siretSchema.nullable(),
  fonction: requiredText('fonction', 100),
}).partial();

// ---------------------------------------------------------------------------------------------
// Budgets (totals computed by computeBudgetTotals, shared with the client).

export const budgetTotalsSchema = z.object({
  charges: z.number(),
  produits: z.number(),
  contributions_charges: z.number(),
  contributions_produits: z.number(),
  total_charges: z.number(),
  total_produits: z.number(),
  excedent: z.number(),
  insuffisance: z.number(),
});
export const budgetSchema = z.object({
  id: z.string(),
  annee: z.number().int(),
  exercice_du: z.string().nullable(),
  exercice_au: z.string().nullable(),
  comptes: z.record(z.string(), z.number()),
  totaux: budgetTotalsSchema,
});
export type AssociationBudget = z.infer<typeof budgetSchema>;
export const budgetBodySchema = z.strictObject({
  exercice_du: isoDateSchema('début d’exercice').nullish(),
  exercice_au: isoDateSchema('fin d’exercice').nullish(),
  comptes: budgetLinesSchema.default({}),
});
export const budgetChangesSchema = z.strictObject({
  exercice_du: isoDateSchema('début d’exercice').nullable(),
  exercice_au: isoDateSchema('fin d’exercice').nullable(),
  ...(Object.fromEntries(BUDGET_ACCOUNTS.map((a) => [a, budgetAmountSchema(a).nullable()])) as Record<
    (typeof BUDGET_ACCOUNTS)[number],
    z.ZodNullable<z.ZodNumber>
  >),
}).partial();

// ---------------------------------------------------------------------------------------------
// Accounts summaries, staff figures (per year and SIRET), approvals, networks.

export const compteSchema = z.object({
  id: z.string(),
  annee: z.number().int(),
  charges: z.number().nullable(),
  produits: z.number().nullable(),
  dons: z.number().nullable(),
  resultat: z.number().nullable(),
  subv: z.number().nullable(),
});
export const rhSchema = z.object({
  id: z.string(),
  annee: z.number().int(),
  id_siret: z.string(),
  nb_adherents: z.number().nullable(),
  nb_adherents_f: z.number().nullable(),
  nb_adherents_h: z.number().nullable(),
  nb_dirigeants: z.number().nullable(),
  nb_benevoles: z.number().nullable(),
  nb_salaries: z.number().nullable(),
  nb_salaries_etpt: z.number().nullable(),
  nb_volontaires: z.number().nullable(),
  cumul_top_5_salaires: z.number().nullable(),
});
export const agrementSchema = z.object({
  id: z.string(),
  type: z.string(),
  numero: z.string().nullable(),
  niveau: z.string().nullable(),
  attributeur: z.string().nullable(),
  origine_instructeur: z.string().nullable(),
  date_attribution: z.string().nullable(),
  date_validite: z.string().nullable(),
});
export const reseauAffiliationSchema = z.object({
  id: z.string(),
  nom: z.string(),
  objet: z.string().nullable(),
  numero: z.string().nullable(),
  id_siren: z.string().nullable(),
  adresse: z.string().nullable(),
  nb_licencies: z.number().nullable(),
  nb_licencies_f: z.number().nullable(),
  nb_licencies_h: z.number().nullable(),
});

// Their bodies: POST takes the fields (all optional but the type of an approval and the name of a
// network), PATCH a change list of the same keys; cross-field rules (resultat = produits − charges,
// women + men ≤ total, validity not before attribution) are applyCompteRules & co., checked by the
// server on the merged state.

export const compteFieldsSchema = z.strictObject({
  charges: euroSchema('charges').nullable(),
  produits: euroSchema('produits').nullable(),
  dons: euroSchema('dons').nullable(),
  resultat: euroSchema('résultat', { signed: true }).nullable(),
  subv: euroSchema('subventions').nullable(),
}).partial();
export const compteChangesSchema = compteFieldsSchema;

export const rhFieldsSchema = z.strictObject({
  nb_adherents: countSchema('nombre d’adhérents').nullable(),
  nb_adherents_f: countSchema('nombre d’adhérentes').nullable(),
  nb_adherents_h: countSchema('nombre d’adhérents hommes').nullable(),
  nb_dirigeants: countSchema('nombre de dirigeants').nullable(),
  nb_benevoles: countSchema('nombre de bénévoles').nullable(),
  nb_salaries: countSchema('nombre de salariés').nullable(),
  nb_salaries_etpt: etptSchema('nombre de salariés en ETPT').nullable(),
  nb_volontaires: countSchema('nombre de volontaires').nullable(),
  cumul_top_5_salaires: euroSchema('cumul des 5 plus hauts salaires').nullable(),
}).partial();
export const rhChangesSchema = rhFieldsSchema;

/** A `.partial()` mask naming every key of `shape` (the other keys stay required, with their own message). */
const allKeys = <T extends object>(shape: T) => Object.fromEntries(Object.keys(shape).map((k) => [k, true])) as { [K in keyof T]: true };

const agrementFields = {
  type: requiredText('type d’agrément', 100),
  numero: nullableText('numéro', 50),
  niveau: nullableText('niveau', 100),
  attributeur: nullableText('attributeur', 200),
  origine_instructeur: nullableText('origine instructeur', 200),
  date_attribution: dayDateSchema('date d’attribution').nullable(),
  date_validite: dayDateSchema('date de validité').nullable(),
};
const { type: agrementType, ...agrementOptional } = agrementFields;
export const agrementFieldsSchema = z.strictObject({ type: agrementType, ...agrementOptional }).partial(allKeys(agrementOptional));
export const agrementChangesSchema = z.strictObject(agrementFields).partial();

const reseauFields = {
  nom: requiredText('nom du réseau', 200),
  objet: nullableText('objet', TEXT_LIMITS.object),
  numero: z
    .string()
    .trim()
    .max(50, MESSAGES.maxLength('numéro d’affiliation', 50))
    .regex(NUMERO_AFFILIATION_PATTERN, MESSAGES.badFormat('numéro d’affiliation'))
    .nullable(),
  id_siren: sirenSchema.nullable(),
  adresse: nullableText('adresse', 300),
  nb_licencies: countSchema('nombre de licenciés').nullable(),
  nb_licencies_f: countSchema('nombre de licenciées').nullable(),
  nb_licencies_h: countSchema('nombre de licenciés hommes').nullable(),
};
const { nom: reseauNom, ...reseauOptional } = reseauFields;
export const reseauFieldsSchema = z.strictObject({ nom: reseauNom, ...reseauOptional }).partial(allKeys(reseauOptional));
export const reseauChangesSchema = z.strictObject(reseauFields).partial();

// ---------------------------------------------------------------------------------------------
// The whole file (GET /association?q=): the parts above, assembled, within the caller's scope.

export const ASSOCIATION_FILE_KEYS = [
  'identite',
  'coordonnees',
  'activites',
  'specificites',
  'agrement',
  'commentaire',
  'etablissements',
  'budgets',
  'comptes',
  'rhs',
  'ribs',
  'representants_legaux',
  'agrements',
  'reseaux_affiliation',
  'composition_reseau',
  'adherents_personnes_morales',
] as const;
export type AssociationFileKey = (typeof ASSOCIATION_FILE_KEYS)[number];
/** endpoint=structureByCorrespondance: the identity and the legal representatives only. */
export const STRUCTURE_BY_CORRESPONDANCE_KEYS: readonly AssociationFileKey[] = ['identite', 'representants_legaux'];

/** 'a,b' → ['a', 'b'], each one of `allowed` (else 400 naming the unknown keys and the possible ones). */
export const topLevelKeysSchema = <K extends string>(label: string, allowed: readonly K[]) =>
  z
    .string()
    .transform((v) => v.split(',').map((k) => k.trim()).filter((k) => k !== ''))
    .superRefine((keys, ctx) => {
      const unknown = keys.filter((k) => !(allowed as readonly string[]).includes(k));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `${label} : ${ASSOCIATION_FILE_MESSAGES.unknownFileKeys(unknown.join(', '), allowed.join(', '))}` });
    })
    .transform((keys) => keys as K[]);
const fileKeysSchema = (label: string) => topLevelKeysSchema(label, ASSOCIATION_FILE_KEYS);

export const associationFileQuerySchema = z.object({
  q: idAssoSchema,
  endpoint: z.enum(['structureByCorrespondance'], { error: MESSAGES.badFormat('endpoint') }).optional(),
  include: fileKeysSchema('include').optional(),
  exclude: fileKeysSchema('exclude').optional(),
  /** Deleted legal representatives too (lca.admin only). */
  includeDeleted: queryBoolean.default(false),
  hideRepresentantsLegaux: queryBoolean.default(false),
  /** false: without the legal representatives (as hideRepresentantsLegaux=true). */
  representants_legaux: queryBoolean.optional(),
});
export type AssociationFileQuery = z.output<typeof associationFileQuerySchema>;

const identiteParts = associationIdentiteSchema.shape;
export const associationFileSchema = z
  .object({
    identite: identiteParts.identite,
    coordonnees: identiteParts.coordonnees,
    activites: identiteParts.activites,
    specificites: identiteParts.specificites,
    agrement: identiteParts.agrement,
    commentaire: identiteParts.commentaire,
    etablissements: z.array(etablissementSchema),
    budgets: z.array(budgetSchema),
    comptes: z.array(compteSchema),
    rhs: z.array(rhSchema),
    ribs: z.array(ribSchema),
    representants_legaux: z.array(representantSchema),
    agrements: z.array(agrementSchema),
    reseaux_affiliation: z.array(reseauAffiliationSchema),
    composition_reseau: z.array(z.unknown()),
    adherents_personnes_morales: z.array(z.unknown()),
  })
  .partial();
export type AssociationFile = z.infer<typeof associationFileSchema>;

// ---------------------------------------------------------------------------------------------
// Routes.

const read = ASSOCIATION_READ_ROLES;
const write = ASSOCIATION_WRITE_ROLES;

/**
 * The four calls of a list held by the file at /association/<segment>, named after `names`
 * ([plural, singular]: get<Plural>, post<Singular>, patch<Singular>, delete<Singular>):
 * GET the list (listQuery), POST one item (createQuery, body `fields`, 201), PATCH one item by id
 * (a change list), DELETE one item by id.
 */
/** Every association file route answers 404 for an association or item the caller cannot see. */
const FILE_ERRORS = ['NOT_FOUND'] as const satisfies readonly ErrorKey[];

function subResource<
  const Segment extends string,
  const Plural extends string,
  const Singular extends string,
  Item extends z.ZodType,
  Fields extends z.ZodType,
  ListQuery extends z.ZodType,
  CreateQuery extends z.ZodType,
  const WriteMode extends 'write' | 'write-all',
>(resource: {
  segment: Segment;
  names: readonly [Plural, Singular];
  item: Item;
  fields: Fields;
  listQuery: ListQuery;
  createQuery: CreateQuery;
  summaries: { list: string; create: string; update: string; remove: string };
  /** Errors of the creation besides those of every file route. */
  createErrors?: readonly ErrorKey[];
  /** Errors of the three writes (creation, change, deletion) besides those of every file route. */
  writeErrors?: readonly ErrorKey[];
  /** 'write': per-SIRET rows (an establishment's member changes its own); 'write-all': the head office only. */
  writeMode: WriteMode;
}) {
  const { segment, names: [plural, singular], item, fields, listQuery, createQuery, summaries, writeMode } = resource;
  const path = `/association/${segment}` as const;
  const errors = FILE_ERRORS;
  const writeErrors = [...errors, ...(resource.writeErrors ?? [])];
  const list = defineRoute({ method: 'GET', gateway, path, access: read, scope: scope.association('read'), errors, summary: summaries.list, query: listQuery, response: z.array(item) });
  const create = defineRoute({
    method: 'POST', gateway, path, access: write, scope: scope.association(writeMode), successStatus: 201, errors: [...writeErrors, ...(resource.createErrors ?? [])],
    summary: summaries.create, query: createQuery, body: fields, response: item,
  });
  const update = defineRoute({
    method: 'PATCH', gateway, path, access: write, scope: scope.association(writeMode), errors: writeErrors, summary: summaries.update, query: assoIdQuery, body: changesSchema, response: item,
  });
  const remove = defineRoute({
    method: 'DELETE', gateway, path, access: write, scope: scope.association(writeMode), errors: writeErrors, summary: summaries.remove, query: assoIdQuery, response: messageSchema,
  });
  return {
    [`get${plural}`]: list,
    [`post${singular}`]: create,
    [`patch${singular}`]: update,
    [`delete${singular}`]: remove,
  } as Record<`get${Plural}`, typeof list> &
    Record<`post${Singular}`, typeof create> &
    Record<`patch${Singular}`, typeof update> &
    Record<`delete${Singular}`, typeof remove>;
}

export const associationRoutes = {
  getIdentite: defineRoute({
    method: 'GET', gateway, path: '/association/identite', access: read, scope: scope.association('read'),
    errors: FILE_ERRORS,
    summary: "Identité, coordonnées, activités et spécificités de l'association (id_asso : id_correspondance, RNA, SIREN ou SIRET)",
    query: assoQuery, response: associationIdentiteSchema,
  }),
  patchIdentite: defineRoute({
    method: 'PATCH', gateway, path: '/association/identite', access: write, scope: scope.association('write-all'),
    errors: FILE_ERRORS,
    summary: "Modifie l'identité (liste de changements { key, value }) ; réservé au siège",
    query: assoQuery, body: changesSchema, response: associationIdentiteSchema,
  }),
  getEtablissements: defineRoute({
    method: 'GET', gateway, path: '/association/etablissements', access: read, scope: scope.association('read'),
    errors: FILE_ERRORS,
    summary: "Établissements de l'association (id_asso : SIREN) ; un établissement secondaire ne voit que le sien",
    query: assoQuery, response: z.array(etablissementSchema),
  }),
  patchEtablissement: defineRoute({
    method: 'PATCH', gateway, path: '/association/etablissements', access: write, scope: scope.establishment('write'),
    errors: FILE_ERRORS,
    summary: "Modifie un établissement (enseigne, note, courriel, téléphone)",
    query: assoSiretRequiredQuery, body: changesSchema, response: etablissementSchema,
  }),
  ...subResource({
    segment: 'ribs', writeMode: 'write', names: ['Ribs', 'Rib'], item: ribSchema, fields: ribFieldsSchema,
    listQuery: assoSiretQuery, createQuery: assoSiretRequiredQuery,
    summaries: {
      list: "RIB de l'association, filtrés par SIRET si id_siret est donné",
      create: "Ajoute un RIB à l'établissement id_siret (IBAN et BIC vérifiés, doublon refusé)",
      update: 'Modifie un RIB (liste de changements)',
      remove: 'Supprime un RIB',
    },
    // Each change mails the association's members and representatives: limited (429).
    writeErrors: ['TOO_MANY_REQUESTS'],
  }),
  ...subResource({
    segment: 'representants_legaux', writeMode: 'write', names: ['Representants', 'Representant'], item: representantSchema, fields: representantFieldsSchema,
    listQuery: assoSiretQuery, createQuery: assoSiretQuery,
    summaries: {
      list: "Représentants légaux (non supprimés) de l'association",
      create: 'Ajoute un représentant légal complet (civilité, nom, prénom, courriel, fonction, téléphone)',
      update: 'Modifie un représentant légal (liste de changements)',
      remove: 'Supprime un représentant légal (marqué supprimé)',
    },
    createErrors: ['REPRESENTANTS_LIMIT'],
    writeErrors: ['TOO_MANY_REQUESTS'],
  }),
  patchRepresentantFonctionSiret: defineRoute({
    method: 'PATCH', gateway, path: '/association/representantFonctionSiret', access: write, scope: scope.association('write'),
    errors: [...FILE_ERRORS, 'TOO_MANY_REQUESTS'],
    summary: "Modifie valideur_cec, id_siret ou fonction d'un représentant légal",
    query: assoIdQuery, body: changesSchema, response: representantSchema,
  }),
  getAssociation: defineRoute({
    method: 'GET', gateway, path: '/association', access: read, scope: scope.association('read', 'q'),
    errors: [...FILE_ERRORS, 'INCLUDE_DELETED_ADMIN_ONLY'],
    summary:
      "Dossier complet d'une association (q : id_correspondance, RNA, SIREN ou SIRET) dans le périmètre de l'appelant ; " +
      'include / exclude : clés de premier niveau séparées par des virgules ; hideRepresentantsLegaux ; ' +
      'includeDeleted (lca.admin) ; endpoint=structureByCorrespondance : identite et representants_legaux seulement',
    query: associationFileQuerySchema, response: associationFileSchema,
  }),
  ...subResource({
    segment: 'comptes', writeMode: 'write-all', names: ['Comptes', 'Compte'], item: compteSchema, fields: compteFieldsSchema,
    listQuery: assoQuery, createQuery: z.object({ id_asso: idAssoSchema, id_siret: siretSchema.optional(), annee: fileYearSchema }),
    summaries: {
      list: "Comptes annuels résumés de l'association",
      create: "Crée les comptes d'une année récente (euros entiers ; résultat = produits − charges, calculé s'il manque) ; réservé au siège",
      update: 'Modifie les comptes d’une année (liste de changements : charges, produits, dons, resultat, subv)',
      remove: 'Supprime les comptes d’une année',
    },
  }),
  ...subResource({
    segment: 'rhs', writeMode: 'write', names: ['Rhs', 'Rh'], item: rhSchema, fields: rhFieldsSchema,
    listQuery: assoSiretQuery, createQuery: z.object({ id_asso: idAssoSchema, id_siret: siretSchema, annee: fileYearSchema }),
    summaries: {
      list: "Effectifs par année et par SIRET (un établissement secondaire ne voit que les siens)",
      create: "Crée les effectifs d'une année pour un établissement de l'association (entiers ≥ 0 ; ETPT à 2 décimales)",
      update: 'Modifie les effectifs (liste de changements)',
      remove: 'Supprime les effectifs d’une année et d’un établissement',
    },
  }),
  ...subResource({
    segment: 'agrements', writeMode: 'write-all', names: ['Agrements', 'Agrement'], item: agrementSchema, fields: agrementFieldsSchema,
    listQuery: assoQuery, createQuery: assoSiretQuery,
    summaries: {
      list: "Agréments de l'association",
      create: "Ajoute un agrément (type obligatoire ; validité postérieure à l'attribution) ; réservé au siège",
      update: 'Modifie un agrément (liste de changements)',
      remove: 'Supprime un agrément',
    },
  }),
  ...subResource({
    segment: 'reseaux_affiliation', writeMode: 'write-all', names: ['ReseauxAffiliation', 'ReseauAffiliation'], item: reseauAffiliationSchema, fields: reseauFieldsSchema,
    listQuery: assoQuery, createQuery: assoSiretQuery,
    summaries: {
      list: "Réseaux (fédérations, unions) auxquels l'association est affiliée",
      create: "Déclare un réseau d'affiliation (nom obligatoire, SIREN vérifié, licenciés femmes + hommes ≤ total) ; réservé au siège",
      update: "Modifie un réseau d'affiliation (liste de changements)",
      remove: "Supprime un réseau d'affiliation",
    },
  }),
  postReseauxAffiliation: defineRoute({
    method: 'POST', gateway, path: '/association/reseauxAffiliation', access: write, scope: scope.association('write-all', 'id_asso_membre'), successStatus: 201,
    errors: FILE_ERRORS,
    summary:
      "Affilie l'association membre (id_asso_membre, modifiable par l'appelant) à l'association tête de réseau " +
      '(id_asso_parent) : réseau créé avec le nom et le SIREN de la tête de réseau ; doublon et auto-affiliation refusés',
    query: z.object({ id_asso_membre: idAssoSchema, id_asso_parent: idAssoSchema }),
    response: reseauAffiliationSchema,
  }),
  ...subResource({
    segment: 'budgets', writeMode: 'write-all', names: ['Budgets', 'Budget'], item: budgetSchema, fields: budgetBodySchema,
    listQuery: assoQuery, createQuery: z.object({ id_asso: idAssoSchema, annee: anneeSchema }),
    summaries: {
      list: "Budgets prévisionnels de l'association, avec leurs totaux",
      create: "Crée le budget d'une année (comptes 60-79, 86, 87)",
      update: "Modifie un budget (clés exercice_du, exercice_au et numéros de compte)",
      remove: 'Supprime un budget',
    },
  }),
};

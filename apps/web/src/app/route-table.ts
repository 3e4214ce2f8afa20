// Every route of spec §2: path (relative to /client), layout, metadata for the entry checks and
// the notes, and either a page or a placeholder description. Role lists for areas the spec leaves
// open are our reading (see apps/web/README.md).
import { LCA_ROLES, OSIRIS_ROLES, RDS_ROLES, type Role } from '@portail/contract';
import type { RouteMeta } from '../lib/session/route-meta.ts';

export type PageKey =
  | 'home'
  | 'login'
  | 'register'
  | 'validation'
  | 'validate'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'dashboard'
  | 'profile'
  | 'faq'
  | 'legalNotice'
  | 'siteMap'
  | 'assistance'
  | 'adminLca';

export interface RouteEntry {
  path: string;
  layout: 'default' | 'login';
  meta: RouteMeta;
  page: PageKey | { placeholder: string };
}

const ASSOCIATION: readonly Role[] = LCA_ROLES;
const ASSOCIATION_USER: readonly Role[] = ['lca.association'];
const LCA_ADMIN: readonly Role[] = ['lca.admin'];
const PLATFORM_ADMINS: readonly Role[] = ['lca.admin', 'rds.admin', 'rds.appli_admin'];
const SCHEME_ADMINS: readonly Role[] = ['rds.admin', 'rds.appli_admin'];
const ASSOCIATION_AND_SERVICES: readonly Role[] = [...LCA_ROLES, ...RDS_ROLES];

const placeholder = (description: string) => ({ placeholder: description });

export const ROUTE_TABLE: readonly RouteEntry[] = [
  // Public and general
  { path: '/', layout: 'default', meta: { name: 'home', title: 'Accueil', public: true }, page: 'home' },
  { path: '/home', layout: 'default', meta: { name: 'home', title: 'Accueil', public: true }, page: 'home' },
  { path: '/login', layout: 'login', meta: { name: 'login', title: 'Connexion' }, page: 'login' },
  { path: '/register', layout: 'login', meta: { name: 'register', title: 'Création de compte' }, page: 'register' },
  { path: '/faq', layout: 'default', meta: { name: 'faq', title: 'Foire aux questions' }, page: 'faq' },
  {
    path: '/mentions-legales',
    layout: 'default',
    meta: { name: 'mentions-legales', title: 'Mentions légales' },
    page: 'legalNotice',
  },
  { path: '/plan', layout: 'default', meta: { name: 'plan', title: 'Plan du site' }, page: 'siteMap' },
  {
    path: '/mot-de-passe-oublie',
    layout: 'login',
    meta: { name: 'mot-de-passe-oublie', title: 'Mot de passe oublié' },
    page: 'forgotPassword',
  },
  {
    path: '/mot-de-passe-oublie/:token',
    layout: 'login',
    meta: { name: 'reinitialisation-mot-de-passe', title: 'Réinitialisation du mot de passe' },
    page: 'resetPassword',
  },
  {
    path: '/validate/:token?',
    layout: 'login',
    meta: { name: 'validate', title: "Validation de l'adresse électronique" },
    page: 'validate',
  },
  {
    path: '/user/modification-mot-de-passe/:token?',
    layout: 'login',
    meta: { name: 'modification-mot-de-passe', title: 'Modification du mot de passe', skipAssociationCheck: true },
    page: 'changePassword',
  },
  {
    path: '/assistance/:sujet?',
    layout: 'default',
    meta: { name: 'assistance', title: 'Assistance' },
    page: 'assistance',
  },

  // Account
  {
    path: '/user/dashboard',
    layout: 'default',
    meta: { name: 'dashboard', title: 'Tableau de bord' },
    page: 'dashboard',
  },
  {
    path: '/user/profil',
    layout: 'default',
    meta: { name: 'profil', title: 'Mon compte', skipAssociationCheck: true },
    page: 'profile',
  },

  // Work lists
  {
    path: '/declarations',
    layout: 'default',
    meta: { name: 'declarations', title: 'Déclarations', roles: ASSOCIATION },
    page: placeholder(
      "Les déclarations d'heures de bénévolat (compte d'engagement citoyen) à valider par les représentants légaux valideurs, session par session.",
    ),
  },
  {
    path: '/dossiers',
    layout: 'default',
    meta: { name: 'dossiers', title: 'Mes dossiers', roles: ASSOCIATION },
    page: placeholder(
      "La liste des demandes de subvention de l'association, filtrable par exercice, état et statut, avec leurs comptes rendus financiers.",
    ),
  },
  {
    path: '/instructeur',
    layout: 'default',
    meta: { name: 'instructeur', title: 'Espace instructeur', roles: RDS_ROLES },
    page: placeholder(
      'Les dossiers transmis au service instructeur, à instruire, accorder, refuser ou renvoyer au compte association.',
    ),
  },
  {
    path: '/osiris',
    layout: 'default',
    meta: { name: 'osiris', title: 'Espace Osiris', roles: OSIRIS_ROLES },
    page: placeholder("Le suivi des dossiers de subvention par l'outil de gestion Osiris du ministère."),
  },
  {
    path: '/validation',
    layout: 'login',
    meta: { name: 'validation', title: 'Validez votre adresse électronique' },
    page: 'validation',
  },
  {
    path: '/repertoire-des-subventions',
    layout: 'default',
    meta: { name: 'repertoire-des-subventions', title: 'Répertoire des subventions' },
    page: placeholder(
      'Le répertoire des dispositifs de subvention ouverts, leurs campagnes et les services qui les instruisent.',
    ),
  },
  {
    path: '/demande-siret',
    layout: 'default',
    meta: { name: 'demandes-siret', title: 'Demandes de numéro SIRET', roles: ASSOCIATION },
    page: placeholder("Les demandes d'attribution d'un numéro SIRET, leur état et leur transmission."),
  },
  {
    path: '/demande-agrements/dossiers',
    layout: 'default',
    meta: {
      name: 'demande-agrements-dossiers',
      title: "Dossiers de demande d'agrément",
      roles: ASSOCIATION_AND_SERVICES,
    },
    page: placeholder("Les dossiers de demande d'agrément (JEP, Sport, aide alimentaire…) et leur état."),
  },

  // Adding an association
  {
    path: '/ajout-association',
    layout: 'default',
    meta: { name: 'ajout-association', title: 'Ajouter une association', roles: ASSOCIATION_USER },
    page: placeholder(
      'Rattacher votre compte à une association : recherche, choix de l’établissement et attestation sur l’honneur.',
    ),
  },
  {
    path: '/ajout-association/choix-association',
    layout: 'default',
    meta: { name: 'choix-association', title: 'Choix de l’association', roles: ASSOCIATION_USER },
    page: placeholder('Rechercher votre association par son nom, son numéro RNA ou son SIREN pour vous y rattacher.'),
  },
  {
    path: '/ajout-association/choix-etablissement',
    layout: 'default',
    meta: { name: 'choix-etablissement', title: 'Choix de l’établissement', roles: ASSOCIATION_USER },
    page: placeholder(
      "Choisir l'établissement (siège ou établissement secondaire) de l'association auquel vous rattacher.",
    ),
  },
  {
    path: '/ajout-association/certificat-honneur',
    layout: 'default',
    meta: { name: 'certificat-honneur', title: 'Attestation sur l’honneur', roles: ASSOCIATION_USER },
    page: placeholder("Attester sur l'honneur de votre fonction au sein de l'association avant le rattachement."),
  },

  // Administration
  {
    path: '/administration/lca',
    layout: 'default',
    meta: { name: 'administration-lca', title: 'Administration du compte association', roles: LCA_ADMIN },
    page: 'adminLca',
  },
  {
    path: '/administration/psp',
    layout: 'default',
    meta: { name: 'administration-psp', title: "Administration Pass'Sport", roles: PLATFORM_ADMINS },
    page: placeholder("Les exercices Pass'Sport, les dossiers de remboursement et les bénéficiaires."),
  },
  {
    path: '/administration/rda',
    layout: 'default',
    meta: { name: 'administration-rda', title: 'Administration des agréments', roles: PLATFORM_ADMINS },
    page: placeholder('Les agréments, leurs champs et documents attendus et les services qui les attribuent.'),
  },
  {
    path: '/administration/rds',
    layout: 'default',
    meta: { name: 'administration-rds', title: 'Administration des dispositifs', roles: SCHEME_ADMINS },
    page: placeholder('Les dispositifs et sous-dispositifs de subvention, les services instructeurs et leurs comptes.'),
  },
  {
    path: '/administration/rds/parametrage-custom',
    layout: 'default',
    meta: { name: 'parametrage-custom', title: 'Paramétrage personnalisé', roles: SCHEME_ADMINS },
    page: placeholder('Les questions, champs et documents attendus propres à chaque dispositif.'),
  },

  // Administrative information
  {
    path: '/informations-administratives',
    layout: 'default',
    meta: { name: 'informations-administratives', title: 'Informations administratives', roles: ASSOCIATION },
    page: placeholder(
      "L'identité, les coordonnées, les représentants légaux, les RIB et les chiffres de l'association.",
    ),
  },
  {
    path: '/informations-administratives/:idCorrespondance',
    layout: 'default',
    meta: {
      name: 'informations-administratives-association',
      title: 'Informations administratives',
      roles: ASSOCIATION,
    },
    page: placeholder(
      "Les informations administratives d'une association : identité, caractéristiques, activités, budgets.",
    ),
  },
  {
    path: '/informations-administratives/:idCorrespondance?/etablissement-secondaire',
    layout: 'default',
    meta: { name: 'etablissements-secondaires', title: 'Établissements secondaires', roles: ASSOCIATION },
    page: placeholder("Les établissements secondaires de l'association et leurs coordonnées."),
  },
  {
    path: '/informations-administratives/:idCorrespondance?/etablissement-secondaire/:siret',
    layout: 'default',
    meta: { name: 'etablissement-secondaire', title: 'Établissement secondaire', roles: ASSOCIATION },
    page: placeholder("Les informations d'un établissement secondaire (SIRET) : coordonnées, RIB, représentants."),
  },

  // Documents
  {
    path: '/associations/:idCorrespondance?/documents',
    layout: 'default',
    meta: { name: 'documents', title: 'Documents', roles: ASSOCIATION },
    page: placeholder(
      "Les documents de l'association (statuts, récépissé, comptes, rapports) : consultation et dépôt.",
    ),
  },
  {
    path: '/associations/:idCorrespondance?/documents/etablissements-secondaires',
    layout: 'default',
    meta: {
      name: 'documents-etablissements-secondaires',
      title: 'Documents des établissements secondaires',
      roles: ASSOCIATION,
    },
    page: placeholder('Les documents des établissements secondaires de l’association.'),
  },
  {
    path: '/associations/:idCorrespondance?/documents/etablissements-secondaires/:siret',
    layout: 'default',
    meta: { name: 'documents-etablissement-secondaire', title: 'Documents de l’établissement', roles: ASSOCIATION },
    page: placeholder('Les documents d’un établissement secondaire.'),
  },

  // Other association pages
  {
    path: '/associations/:idCorrespondance?/subvention-demande',
    layout: 'default',
    meta: { name: 'subvention-demande', title: 'Demande de subvention', roles: ASSOCIATION },
    page: placeholder(
      'Créer une demande de subvention : dispositif, établissement, projets, documents, RIB et attestation.',
    ),
  },
  {
    path: '/associations/:idRna?/demande-siret',
    layout: 'default',
    meta: { name: 'demande-siret', title: 'Demande de numéro SIRET', roles: ASSOCIATION },
    page: placeholder("Demander l'attribution d'un numéro SIRET pour une association qui n'en a pas."),
  },
  {
    path: '/associations/:idRna?/demande-siret/:id',
    layout: 'default',
    meta: { name: 'demande-siret-detail', title: 'Demande de numéro SIRET', roles: ASSOCIATION },
    page: placeholder('Le formulaire de demande de SIRET, son PDF et sa transmission.'),
  },
  {
    path: '/associations/:idSiret?/demande-agrement',
    layout: 'default',
    meta: { name: 'demande-agrement', title: "Demande d'agrément", roles: ASSOCIATION },
    page: placeholder("Demander un agrément (JEP, Sport, aide alimentaire…) pour le siège de l'association."),
  },
  {
    path: '/associations/:idSiret?/demande-agrement/:idDossier',
    layout: 'default',
    meta: { name: 'demande-agrement-dossier', title: "Dossier de demande d'agrément", roles: ASSOCIATION_AND_SERVICES },
    page: placeholder("Les étapes du dossier de demande d'agrément et sa transmission au service."),
  },
  {
    path: '/associations/:idSiret?/pass-sport',
    layout: 'default',
    meta: { name: 'pass-sport', title: "Pass'Sport", roles: ASSOCIATION_AND_SERVICES },
    page: placeholder("Inscrire les bénéficiaires du Pass'Sport avec leur code et suivre le remboursement."),
  },
  {
    path: '/associations/:idSiret?/subvention-demande/:idDossier',
    layout: 'default',
    meta: {
      name: 'subvention-demande-dossier',
      title: 'Dossier de demande de subvention',
      roles: ASSOCIATION_AND_SERVICES,
    },
    page: placeholder(
      'Les étapes 0 à 4 du dossier de subvention : projets, documents, RIB, attestation et messagerie.',
    ),
  },
  {
    path: '/associations/:idSiret?/dossier/:idDossier?/crf',
    layout: 'default',
    meta: { name: 'crf', title: 'Comptes rendus financiers', roles: ASSOCIATION_AND_SERVICES },
    page: placeholder('Les comptes rendus financiers du dossier, un par exercice.'),
  },
  {
    path: '/associations/:idSiret?/dossier/:idDossier?/crf/:idCrf',
    layout: 'default',
    meta: { name: 'crf-detail', title: 'Compte rendu financier', roles: ASSOCIATION_AND_SERVICES },
    page: placeholder('Saisir et transmettre le compte rendu financier (Cerfa 15059) d’un exercice.'),
  },
];

// Every route of the portal (docs/domain.md « Parcours »): path (relative to /client), layout, metadata for the entry checks and
// the notes, and its page. Who may enter comes from the
// contract's ROLE_SETS, the sets the API routes declare; the contract routes each page calls are
// named in route-calls.ts (kept out of the entry), and test/route-roles.test.ts checks its roles
// against theirs.
import { PROCONNECT_CALLBACK_PATH, ROLE_SETS } from '@portail/contract';
import type { RouteMeta } from '../lib/session/route-meta.ts';

export type PageKey =
  | 'home'
  | 'login'
  | 'proconnectCallback'
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
  | 'accessibility'
  | 'siteMap'
  | 'assistance'
  | 'adminLca'
  | 'rdsAdmin'
  | 'rdsCustomSettings'
  | 'referentielsAdmin'
  | 'addAssociation'
  | 'chooseAssociation'
  | 'chooseEstablishment'
  | 'certificate'
  | 'reportMember'
  | 'documents'
  | 'administrativeInfo'
  | 'subsidyDirectory'
  | 'dossiers'
  | 'subsidyCreation'
  | 'subsidyDossier'
  | 'dossierReading'
  | 'crf'
  | 'instructionDossier'
  | 'instructorWorklist'
  | 'osirisWorklist'
  | 'serviceWebhooks'
  | 'siretRequests'
  | 'siretRequest'
  | 'approvalDossiers'
  | 'approvalCreation'
  | 'approvalDossier'
  | 'approvalsAdmin'
  | 'declarations'
  | 'passSport'
  | 'passSportAdmin';

export interface RouteEntry {
  path: string;
  layout: 'default' | 'login';
  meta: RouteMeta;
  page: PageKey;
}

const {
  associationMembers: ASSOCIATION,
  associationJoiners: ASSOCIATION_USER,
  cecValidators: CEC_VALIDATORS,
  lcaAdmins: LCA_ADMIN,
  platformAdmins: PLATFORM_ADMINS,
  approvalAdmins: APPROVAL_ADMINS,
  schemeAdmins: SCHEME_ADMINS,
  referentielAdmins: REFERENTIEL_ADMINS,
  associationsAndServices: ASSOCIATION_AND_SERVICES,
  instructors: INSTRUCTORS,
  osiris: OSIRIS,
  dossierReaders: DOSSIER_READERS,
  dossierInstructors: DOSSIER_INSTRUCTORS,
} = ROLE_SETS;

/** A page of this client under the default layout (header, footer, notes). */
const route = (path: string, meta: RouteMeta, page: PageKey): RouteEntry => ({
  path,
  layout: 'default',
  meta,
  page,
});

/** A page of this client under the login layout (sign-in, account creation, passwords). */
const loginRoute = (path: string, meta: RouteMeta, page: PageKey): RouteEntry => ({
  path,
  layout: 'login',
  meta,
  page,
});


// Each route: its path, its metadata (name, title, who may enter), then its page or what it will hold.
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // Public and general
  route('/', { name: 'home', title: 'Accueil', public: true }, 'home'),
  route('/home', { name: 'home', title: 'Accueil', public: true }, 'home'),
  loginRoute('/login', { name: 'login', title: 'Connexion' }, 'login'),
  // Where ProConnect sends an agent back (PROCONNECT_REDIRECT_URI): open, the session is opened there.
  loginRoute(
    PROCONNECT_CALLBACK_PATH,
    { name: 'connexion-proconnect', title: 'Connexion avec ProConnect', public: true },
    'proconnectCallback',
  ),
  loginRoute('/register', { name: 'register', title: 'Création de compte' }, 'register'),
  route('/faq', { name: 'faq', title: 'Foire aux questions' }, 'faq'),
  route('/mentions-legales', { name: 'mentions-legales', title: 'Mentions légales' }, 'legalNotice'),
  route('/accessibilite', { name: 'accessibilite', title: "Déclaration d'accessibilité" }, 'accessibility'),
  route('/plan', { name: 'plan', title: 'Plan du site' }, 'siteMap'),
  loginRoute('/mot-de-passe-oublie', { name: 'mot-de-passe-oublie', title: 'Mot de passe oublié' }, 'forgotPassword'),
  loginRoute(
    '/mot-de-passe-oublie/:token',
    { name: 'reinitialisation-mot-de-passe', title: 'Réinitialisation du mot de passe' },
    'resetPassword',
  ),
  loginRoute('/validate/:token?', { name: 'validate', title: "Validation de l'adresse électronique" }, 'validate'),
  // The link of a join mail: open to anybody (representatives have no account), acts only on its button.
  loginRoute(
    '/rattachement/signalement/:token',
    { name: 'signalement-rattachement', title: 'Signaler un rattachement', public: true },
    'reportMember',
  ),
  loginRoute(
    '/user/modification-mot-de-passe/:token?',
    { name: 'modification-mot-de-passe', title: 'Modification du mot de passe', skipAssociationCheck: true },
    'changePassword',
  ),
  route('/assistance/:sujet?', { name: 'assistance', title: 'Assistance' }, 'assistance'),

  // Account
  route('/user/dashboard', { name: 'dashboard', title: 'Tableau de bord' }, 'dashboard'),
  route('/user/profil', { name: 'profil', title: 'Mon compte', skipAssociationCheck: true }, 'profile'),

  // Work lists
  route('/declarations', { name: 'declarations', title: 'Déclarations', roles: CEC_VALIDATORS }, 'declarations'),
  // The caller-bound list: members see their associations' dossiers, agents their service's transmitted ones.
  route('/dossiers', { name: 'dossiers', title: 'Mes dossiers', roles: DOSSIER_READERS }, 'dossiers'),
  // A dossier read through dossier-scoped calls only: the instructing services' view of what they received.
  route('/dossiers/:idDossier', { name: 'dossier-lecture', title: 'Dossier de demande de subvention', roles: DOSSIER_READERS }, 'dossierReading'),
  // The same dossier with the instructor's actions on their instruction and its history (opened from the work list).
  route(
    '/instructeur/dossiers/:idDossier',
    { name: 'dossier-instruction', title: 'Instruction du dossier de demande de subvention', roles: DOSSIER_INSTRUCTORS },
    'instructionDossier',
  ),
  route('/instructeur', { name: 'instructeur', title: 'Espace instructeur', roles: INSTRUCTORS }, 'instructorWorklist'),
  // The service's webhooks: its addresses, their secrets, the delivery log.
  route('/instructeur/webhooks', { name: 'webhooks-service', title: 'Webhooks du service', roles: DOSSIER_INSTRUCTORS }, 'serviceWebhooks'),
  route('/osiris', { name: 'osiris', title: 'Espace Osiris', roles: OSIRIS }, 'osirisWorklist'),
  loginRoute('/validation', { name: 'validation', title: 'Validez votre adresse électronique' }, 'validation'),
  route(
    '/repertoire-des-subventions',
    { name: 'repertoire-des-subventions', title: 'Répertoire des subventions', roles: ASSOCIATION_AND_SERVICES },
    'subsidyDirectory',
  ),
  route('/demande-siret', { name: 'demandes-siret', title: 'Demandes de numéro SIRET', roles: ASSOCIATION }, 'siretRequests'),
  // The caller-bound list of approval dossiers: members their associations', agents their service's once transmitted.
  route('/demande-agrements/dossiers', { name: 'demande-agrements-dossiers', title: "Dossiers de demande d'agrément", roles: DOSSIER_READERS }, 'approvalDossiers'),

  // Adding an association
  route(
    '/ajout-association',
    { name: 'ajout-association', title: 'Ajouter une association', roles: ASSOCIATION_USER },
    'addAssociation',
  ),
  route(
    '/ajout-association/choix-association',
    { name: 'choix-association', title: 'Choix de l’association', roles: ASSOCIATION_USER },
    'chooseAssociation',
  ),
  route(
    '/ajout-association/choix-etablissement',
    { name: 'choix-etablissement', title: 'Choix de l’établissement', roles: ASSOCIATION_USER },
    'chooseEstablishment',
  ),
  route(
    '/ajout-association/certificat-honneur',
    { name: 'certificat-honneur', title: 'Attestation sur l’honneur', roles: ASSOCIATION_USER },
    'certificate',
  ),

  // Administration
  route(
    '/administration/lca',
    { name: 'administration-lca', title: 'Administration du compte association', roles: LCA_ADMIN },
    'adminLca',
  ),
  route('/administration/psp', { name: 'administration-psp', title: "Administration Pass'Sport", roles: PLATFORM_ADMINS }, 'passSportAdmin'),
  route('/administration/rda', { name: 'administration-rda', title: 'Administration des agréments', roles: APPROVAL_ADMINS }, 'approvalsAdmin'),
  // Services and their hierarchy, schemes, campaigns and their expected items with the condition preview.
  route('/administration/rds', { name: 'administration-rds', title: 'Administration des dispositifs', roles: SCHEME_ADMINS }, 'rdsAdmin'),
  // The definitions of the custom fields and expected documents the campaigns link.
  route(
    '/administration/rds/parametrage-custom',
    { name: 'parametrage-custom', title: 'Paramétrage personnalisé', roles: SCHEME_ADMINS },
    'rdsCustomSettings',
  ),
  // The reference lists (the specification places no screen for them): every administrator who may edit one.
  route('/administration/referentiels', { name: 'administration-referentiels', title: 'Référentiels', roles: REFERENTIEL_ADMINS }, 'referentielsAdmin'),

  // Administrative information (without :idCorrespondance: the user's first association)
  route(
    '/informations-administratives',
    { name: 'informations-administratives', title: 'Informations administratives', roles: ASSOCIATION },
    'administrativeInfo',
  ),
  route(
    '/informations-administratives/:idCorrespondance',
    { name: 'informations-administratives-association', title: 'Informations administratives', roles: ASSOCIATION },
    'administrativeInfo',
  ),
  route(
    '/informations-administratives/:idCorrespondance?/etablissement-secondaire',
    { name: 'etablissements-secondaires', title: 'Établissements secondaires', roles: ASSOCIATION },
    'administrativeInfo',
  ),
  route(
    '/informations-administratives/:idCorrespondance?/etablissement-secondaire/:siret',
    { name: 'etablissement-secondaire', title: 'Établissement secondaire', roles: ASSOCIATION },
    'administrativeInfo',
  ),

  // Documents
  route(
    '/associations/:idCorrespondance?/documents',
    { name: 'documents', title: 'Documents', roles: ASSOCIATION },
    'documents',
  ),
  route(
    '/associations/:idCorrespondance?/documents/etablissements-secondaires',
    {
      name: 'documents-etablissements-secondaires',
      title: 'Documents des établissements secondaires',
      roles: ASSOCIATION,
    },
    'documents',
  ),
  route(
    '/associations/:idCorrespondance?/documents/etablissements-secondaires/:siret',
    { name: 'documents-etablissement-secondaire', title: 'Documents de l’établissement', roles: ASSOCIATION },
    'documents',
  ),

  // Other association pages
  route(
    '/associations/:idCorrespondance?/subvention-demande',
    { name: 'subvention-demande', title: 'Demande de subvention', roles: ASSOCIATION },
    'subsidyCreation',
  ),
  route('/associations/:idRna?/demande-siret', { name: 'demande-siret', title: 'Demande de numéro SIRET', roles: ASSOCIATION }, 'siretRequest'),
  route('/associations/:idRna?/demande-siret/:id', { name: 'demande-siret-detail', title: 'Demande de numéro SIRET', roles: ASSOCIATION }, 'siretRequest'),
  route('/associations/:idSiret?/demande-agrement', { name: 'demande-agrement', title: "Demande d'agrément", roles: ASSOCIATION }, 'approvalCreation'),
  // An approval dossier's wizard, also where its instructing service decides (the link its notifications carry).
  route('/associations/:idSiret?/demande-agrement/:idDossier', { name: 'demande-agrement-dossier', title: "Dossier de demande d'agrément", roles: DOSSIER_READERS }, 'approvalDossier'),
  // The structure's Pass'Sport dossier (its establishment in the path, else the user's first one): the association side's page.
  route('/associations/:idSiret?/pass-sport', { name: 'pass-sport', title: "Pass'Sport", roles: ASSOCIATION }, 'passSport'),
  // The wizard writes the dossier (association side): the services' reading of a dossier is theirs to come.
  route(
    '/associations/:idSiret?/subvention-demande/:idDossier',
    { name: 'subvention-demande-dossier', title: 'Dossier de demande de subvention', roles: ASSOCIATION },
    'subsidyDossier',
  ),
  // The association's financial reports of a granted dossier: the report of an exercise (created or
  // fetched), then the report itself; the services read theirs on the instruction page.
  route('/associations/:idSiret?/dossier/:idDossier/crf', { name: 'crf', title: 'Comptes rendus financiers', roles: ASSOCIATION }, 'crf'),
  route('/associations/:idSiret?/dossier/:idDossier/crf/:idCrf', { name: 'crf-detail', title: 'Compte rendu financier', roles: ASSOCIATION }, 'crf'),
];

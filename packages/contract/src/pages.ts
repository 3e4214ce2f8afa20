// The portal's pages by route name: every name the client's route table gives a route
// (apps/web/src/app/route-table.ts, whose names are typed by PageName), and the only names a note
// on pages may name (the server refuses any other; lca-content.ts).
export const PAGE_NAMES = [
  'home', 'login', 'connexion-proconnect', 'register', 'faq', 'mentions-legales', 'accessibilite', 'plan',
  'mot-de-passe-oublie', 'reinitialisation-mot-de-passe', 'validate', 'signalement-rattachement', 'modification-mot-de-passe',
  'assistance', 'dashboard', 'profil', 'declarations', 'dossiers', 'dossier-lecture', 'dossier-instruction', 'instructeur',
  'webhooks-service', 'osiris', 'validation', 'repertoire-des-subventions', 'demandes-siret', 'demande-agrements-dossiers',
  'ajout-association', 'choix-association', 'choix-etablissement', 'certificat-honneur', 'administration-lca',
  'administration-psp', 'administration-rda', 'administration-rds', 'parametrage-custom', 'administration-referentiels',
  'informations-administratives', 'informations-administratives-association', 'etablissements-secondaires',
  'etablissement-secondaire', 'documents', 'documents-etablissements-secondaires', 'documents-etablissement-secondaire',
  'subvention-demande', 'demande-siret', 'demande-siret-detail', 'demande-agrement', 'demande-agrement-dossier', 'pass-sport',
  'subvention-demande-dossier', 'crf', 'crf-detail',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(PAGE_NAMES);
export const isPageName = (name: string): name is PageName => NAMES.has(name);

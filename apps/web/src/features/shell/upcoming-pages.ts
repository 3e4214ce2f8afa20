// What each page still to come will hold, by route name: shown by the placeholder page, loaded with it
// (not with the route table, which the entry carries).
export const UPCOMING_PAGES: Readonly<Record<string, string>> = {
  'administration-rds':
    'Les dispositifs et sous-dispositifs de subvention, les services instructeurs et leurs comptes.',
  'parametrage-custom':
    'Les questions, champs et documents attendus propres à chaque dispositif.',
};

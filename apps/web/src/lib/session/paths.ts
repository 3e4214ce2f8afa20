// Paths of the entry checks (docs/domain.md « Parcours »), relative to the /client base.

export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const VALIDATION_PATH = '/validation';
export const CHANGE_PASSWORD_PATH = '/user/modification-mot-de-passe';
export const ADD_ASSOCIATION_PATH = '/ajout-association';
export const CHOOSE_ASSOCIATION_PATH = '/ajout-association/choix-association';
/** Steps that need an association chosen in choix-association. */
export const STEPS_NEEDING_SELECTION = [
  '/ajout-association/choix-etablissement',
  '/ajout-association/certificat-honneur',
];

/** Public paths: no authentication, validated-account, password or role check. */
export const PUBLIC_PATH_PREFIXES = [
  '/validate',
  '/assistance',
  '/mot-de-passe-oublie',
  '/mentions-legales',
  '/accessibilite',
  '/faq',
  '/plan',
];
export const PUBLIC_EXACT_PATHS = [LOGIN_PATH, REGISTER_PATH, VALIDATION_PATH];

/** `/login/` and `/login` are the same page. */
export function normalisePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

export function isPublicPath(path: string): boolean {
  const p = normalisePath(path);
  return PUBLIC_EXACT_PATHS.includes(p) || PUBLIC_PATH_PREFIXES.some((prefix) => p.startsWith(prefix));
}

export function isChangePasswordPath(path: string): boolean {
  return normalisePath(path).startsWith(CHANGE_PASSWORD_PATH);
}

export function isAddAssociationPath(path: string): boolean {
  const p = normalisePath(path);
  return p === ADD_ASSOCIATION_PATH || p.startsWith(`${ADD_ASSOCIATION_PATH}/`);
}

/** `/login?redirect_url=…` carrying the full path with its query. */
export function loginUrl(fullPath: string): string {
  return `${LOGIN_PATH}?redirect_url=${encodeURIComponent(fullPath)}`;
}

/** Only same-application paths are honoured (no open redirect). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  if (normalisePath(target.split('?')[0] ?? '') === LOGIN_PATH) return null;
  return target;
}

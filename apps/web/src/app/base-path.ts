// The client lives under /client/ (Vite `base`); router paths are relative to it.

export const BASENAME = import.meta.env.BASE_URL.replace(/\/+$/, '');

/** `/client/user/profil` → `/user/profil`. */
export function stripBasename(pathname: string, basename = BASENAME): string {
  if (!basename) return pathname || '/';
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}

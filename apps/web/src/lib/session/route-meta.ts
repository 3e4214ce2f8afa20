// What each route declares for the entry checks and the page shell.
import type { PageName } from '@portail/contract';

export interface RouteMeta {
  /** Stable route name, used by the notes filter and the site map: one of the contract's PAGE_NAMES, which the notes name. */
  name: PageName;
  /** French page title (site map, document title). */
  title: string;
  /** Open to anybody, on top of the spec's public path list (used for / and /home). */
  public?: boolean;
  /** Roles allowed; absent means any signed-in user. */
  roles?: readonly string[];
  /** Reachable by an association user who has no association yet (profile, password). */
  skipAssociationCheck?: boolean;
}

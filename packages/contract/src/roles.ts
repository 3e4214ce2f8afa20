// Roles (docs/domain.md « Droits ») and the rules that depend only on them (shared by client and server).

export const ROLES = [
  'lca.association',
  'lca.admin',
  'rds.user',
  'rds.service',
  'rds.admin',
  'rds.appli_admin',
  'osiris.appli_admin',
  'osiris.admin-programme',
] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_LCA_ROLE: Role = 'lca.association';

export const RDS_ROLES: readonly Role[] = ROLES.filter((r) => r.startsWith('rds.'));
export const LCA_ROLES: readonly Role[] = ROLES.filter((r) => r.startsWith('lca.'));
export const OSIRIS_ROLES: readonly Role[] = ROLES.filter((r) => r.startsWith('osiris.'));
/** Roles that may administer accounts, services and reference data. */
export const ADMIN_ROLES: readonly Role[] = ROLES.filter((r) => isAdminRole(r));

export const ROLE_LABELS: Record<Role, string> = {
  'lca.association': 'Association',
  'lca.admin': 'Administrateur du compte association',
  'rds.user': 'Instructeur',
  'rds.service': 'Service instructeur',
  'rds.admin': 'Administrateur des dispositifs',
  'rds.appli_admin': "Administrateur de l'application",
  'osiris.appli_admin': "Administrateur de l'application Osiris",
  'osiris.admin-programme': 'Administrateur de programme Osiris',
};

const hasPrefix = (prefix: string) => (role: string) => role.startsWith(`${prefix}.`);
export const isRdsRole = hasPrefix('rds');
export const isLcaRole = hasPrefix('lca');
export const isOsirisRole = hasPrefix('osiris');
/** DAB and LCB roles belong to other ministry sites: such users are sent to /register. */
export const isForeignSiteRole = (role: string) => hasPrefix('dab')(role) || hasPrefix('lcb')(role);
const isPortalRole = (role: string) => isLcaRole(role) || isRdsRole(role) || isOsirisRole(role);
/** An account of another ministry site with no role here yet: it joins through /register (docs/domain.md « Parcours »). */
export const needsPortalRole = (roles: readonly string[]) => roles.some(isForeignSiteRole) && !roles.some(isPortalRole);
/** Any role ending in .admin is an admin (docs/domain.md « Droits »). */
export function isAdminRole(role: string): boolean {
  return role.endsWith('.admin');
}

/**
 * Who may enter each screen or route family, named once: the API routes declare their access with
 * these sets and the client's route table reads the same ones, so the two cannot drift apart.
 * Sets for the screens the original specification shows to no role are our reading (docs/domain.md « Droits »).
 */
export const ROLE_SETS = {
  /** Association-side users: their associations' files (lca.admin every file), documents, lists. */
  associationMembers: LCA_ROLES,
  /** Reading an association file: association-side roles, and rds.admin supervising the schemes. */
  associationReaders: [...LCA_ROLES, 'rds.admin'],
  /** The steps that add an association to one's account. */
  associationJoiners: ['lca.association'],
  /** CEC declarations (/declarations): association users, among whom the server finds the association's CEC validators (spec §6). */
  cecValidators: ['lca.association'],
  /** The portal's own administration (mail outbox, accounts). */
  lcaAdmins: ['lca.admin'],
  instructors: RDS_ROLES,
  osiris: OSIRIS_ROLES,
  /** The instructing services' work lists: /instructeur (rds roles, their service and below) and /osiris (every transmitted dossier). */
  worklistReaders: [...RDS_ROLES, ...OSIRIS_ROLES],
  /** Screens shared by association users and instructing services (dossiers, approvals, Pass'Sport). */
  associationsAndServices: [...LCA_ROLES, ...RDS_ROLES],
  /** Subsidy dossiers: the association side, the instructing agents and rds.admin (the dossier scope says which dossier). */
  dossierReaders: [...LCA_ROLES, 'rds.user', 'rds.service', 'rds.admin'],
  /** Instruction of subsidy dossiers: the instructing agents and rds.admin (the instruction scope says which service's instruction). */
  dossierInstructors: ['rds.user', 'rds.service', 'rds.admin'],
  /** Agents acting for their own service account (a dossier created on an association's behalf). */
  serviceAgents: ['rds.user', 'rds.service'],
  /** Instructing services' records: their own agents, and the managers of service accounts. */
  serviceReaders: [...RDS_ROLES, 'lca.admin', 'osiris.appli_admin'],
  /** Pass'Sport and approvals administration. */
  platformAdmins: ['lca.admin', 'rds.admin', 'rds.appli_admin'],
  /** Pass'Sport beneficiaries (the list by code, commune, federation): the platform's administrators and the instructing agents. */
  passSportStaff: ['lca.admin', 'rds.admin', 'rds.appli_admin', 'rds.user', 'rds.service'],
  /** Events of a Pass'Sport dossier: the association side withdraws its own, rds.admin moves it through processing and refund (the machine and the dossier scope say which). */
  passSportActors: [...LCA_ROLES, 'rds.admin'],
  /** Subsidy schemes administration. */
  schemeAdmins: ['rds.admin', 'rds.appli_admin'],
  /**
   * The approvals' catalogue (agréments): rds and Osiris administrators, each within the services
   * its own service's profile reaches (national: all; local: its subtree; no service record: all).
   */
  approvalAdmins: ['rds.admin', 'rds.appli_admin', 'osiris.appli_admin', 'osiris.admin-programme'],
  /** Reference data and instructing services' accounts (crossed auth and rds records). */
  referentielAdmins: ['lca.admin', 'rds.admin', 'rds.appli_admin', 'osiris.appli_admin'],
} as const satisfies Record<string, readonly Role[]>;
export type RoleSetName = keyof typeof ROLE_SETS;

/** Roles that manage instructing services' accounts (crossed auth and rds records). */
export const SERVICE_ACCOUNT_MANAGER_ROLES: readonly Role[] = ROLE_SETS.referentielAdmins;
/**
 * The state's agents: instructing services' users (rds), Osiris users and the portal's administrators.
 * Only such an account may be opened by ProConnect, the state's sign-in for civil servants; a member
 * account without one of these roles never is (docs/security.md « ProConnect »).
 */
export const AGENT_ROLES: readonly Role[] = [...new Set<Role>([...RDS_ROLES, ...OSIRIS_ROLES, ...ADMIN_ROLES])];
export const isAgentRole = (role: string) => (AGENT_ROLES as readonly string[]).includes(role);
export const isKnownRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** Default role: first found among RDS, LCA then Osiris roles, else the first (docs/domain.md « Session et rôles »). */
export function defaultRole(roles: readonly string[]): string | null {
  return roles.find(isRdsRole) ?? roles.find(isLcaRole) ?? roles.find(isOsirisRole) ?? roles[0] ?? null;
}

/** After registration: the first association role, else the default LCA role (docs/domain.md « Session et rôles »). */
export function roleAfterRegistration(roles: readonly string[]): string {
  return roles.find(isLcaRole) ?? DEFAULT_LCA_ROLE;
}

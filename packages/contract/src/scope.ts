// The resource a route acts on, declared beside its roles (docs/architecture.md « Autorisation »):
// the server resolves and checks it in one place before the handler runs (404 for a resource the
// caller cannot see, 403 for one it sees but may not change), and the client reads the same
// declarations. Every non-public route declares one, so a new route cannot forget the question.
import type { Role } from './roles.ts';

/** Where a route carries the identifier of its resource. */
export interface ResourceRef {
  in: 'params' | 'query';
  key: string;
}

/**
 * How a route uses an association file: `read`; `write` for per-SIRET data (a secondary
 * establishment's member changes their own establishment's rows); `write-all` for association-wide
 * data (the head office only).
 */
export type ScopeMode = 'read' | 'write' | 'write-all';

export type ResourceScope =
  /** An association named by id_asso (id_correspondance, RNA, SIREN or SIRET). */
  | { resource: 'association'; id: ResourceRef; mode: ScopeMode }
  /** One establishment (SIRET) of an association: it must exist there and be visible, and writable when mode is not read. */
  | { resource: 'establishment'; association: ResourceRef; siret: ResourceRef; mode: Exclude<ScopeMode, 'write-all'> }
  /**
   * A person's account, named by its sign-in id (`auth`) or its association-user record (`association-user`):
   * its owner, or a caller holding one of `others`.
   */
  | { resource: 'account'; id: ResourceRef; idKind: 'auth' | 'association-user'; others: readonly Role[] }
  /** A subsidy dossier (instructing side or association side): resolvers come with the dossiers. */
  | { resource: 'dossier'; id: ResourceRef; mode: 'read' | 'write' }
  /**
   * One instructing service's instruction of a subsidy dossier (dossier id and service id): read by
   * the dossier's readers, changed by an agent of that service, of a service above it with an
   * administrator profile, or rds.admin.
   */
  | { resource: 'instruction'; dossier: ResourceRef; service: ResourceRef; mode: 'read' | 'write' }
  /**
   * An instructing service: resolvers come with the services' administration. `agent`: what the
   * service's agents do for it (its webhooks): its own agents, those of a service above it with an
   * administrator profile, and rds.admin; not the managers of service accounts.
   */
  | { resource: 'service'; id: ResourceRef; mode: 'read' | 'write' | 'agent' }
  /**
   * A request for a SIRET number (siret-requests/): its creator while a member of its association,
   * or lca.admin; anyone else is answered as if it did not exist.
   */
  | { resource: 'siretRequest'; id: ResourceRef; mode: 'read' | 'write' }
  /**
   * A Pass'Sport dossier (psp/): its creator or the members it is shared with, and lca.admin;
   * the head office's members and the rds roles read it; anyone else is answered as if it did not exist.
   */
  | { resource: 'passSportDossier'; id: ResourceRef; mode: 'read' | 'write' }
  /** Only the caller's own rows (their session, notifications, announcements): the query is bound to the caller. */
  | { resource: 'caller' }
  /** No one's resource: reference data, registry-wide searches, administration lists (the roles decide). */
  | { resource: 'none' };

export type ResourceKind = ResourceScope['resource'];
export const RESOURCE_KINDS = ['association', 'establishment', 'account', 'dossier', 'instruction', 'service', 'siretRequest', 'passSportDossier', 'caller', 'none'] as const satisfies readonly ResourceKind[];

/** Builders for the declarations most routes use (their literal types reach the server's handlers). */
export const scope = {
  /** The association named by the query parameter `key` (id_asso unless said). */
  association: <const M extends ScopeMode>(mode: M, key = 'id_asso'): { resource: 'association'; id: ResourceRef; mode: M } => ({
    resource: 'association',
    id: { in: 'query', key },
    mode,
  }),
  /** The establishment id_siret of the association id_asso (both in the query). */
  establishment: <const M extends 'read' | 'write'>(mode: M): { resource: 'establishment'; association: ResourceRef; siret: ResourceRef; mode: M } => ({
    resource: 'establishment',
    association: { in: 'query', key: 'id_asso' },
    siret: { in: 'query', key: 'id_siret' },
    mode,
  }),
  /** The account whose id is the path parameter `key`: its owner, or a caller holding one of `others`. */
  account: (idKind: 'auth' | 'association-user', others: readonly Role[] = [], key = 'id') =>
    ({ resource: 'account', id: { in: 'params', key }, idKind, others }) as const satisfies ResourceScope,
  /** The subsidy dossier whose id (uuid or id_fo) is the path parameter `key`. */
  dossier: <const M extends 'read' | 'write'>(mode: M, key = 'id'): { resource: 'dossier'; id: ResourceRef; mode: M } => ({
    resource: 'dossier',
    id: { in: 'params', key },
    mode,
  }),
  /** The instruction of the service `serviceKey` on the dossier `key` (both path parameters). */
  instruction: <const M extends 'read' | 'write'>(mode: M, key = 'id', serviceKey = 'serviceId'): { resource: 'instruction'; dossier: ResourceRef; service: ResourceRef; mode: M } => ({
    resource: 'instruction',
    dossier: { in: 'params', key },
    service: { in: 'params', key: serviceKey },
    mode,
  }),
  /** The SIRET request whose id is the path parameter `key` (or, `in: 'query'`, the query parameter). */
  siretRequest: <const M extends 'read' | 'write'>(mode: M, key = 'id', where: 'params' | 'query' = 'params'): { resource: 'siretRequest'; id: ResourceRef; mode: M } => ({
    resource: 'siretRequest',
    id: { in: where, key },
    mode,
  }),
  /** The Pass'Sport dossier whose id is the path parameter `key`. */
  passSportDossier: <const M extends 'read' | 'write'>(mode: M, key = 'id'): { resource: 'passSportDossier'; id: ResourceRef; mode: M } => ({
    resource: 'passSportDossier',
    id: { in: 'params', key },
    mode,
  }),
  caller: { resource: 'caller' } as const satisfies ResourceScope,
  none: { resource: 'none' } as const satisfies ResourceScope,
};

/** The identifier a call carries for `ref` (undefined when absent). */
export function resourceIdOf(ref: ResourceRef, call: { params?: unknown; query?: unknown }): string | undefined {
  const source = (ref.in === 'params' ? call.params : call.query) as Record<string, unknown> | undefined;
  const value = source?.[ref.key];
  return typeof value === 'string' ? value : undefined;
}

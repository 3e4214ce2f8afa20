// The resource scope of a call (contract scope.ts), resolved in one place before the handler runs:
// registerRoute reads the route's declaration, takes the identifier from the parsed call and asks
// the resolver of that kind of resource, which answers the caller's scope or refuses (404 for a
// resource the caller cannot see, 403 for one it sees but may not change). Handlers receive the
// resolved scope; they never decide who may reach a resource, only what a row allows.
import { resourceIdOf, type ResourceKind, type ResourceScope, type RouteDefinition, type ScopeMode } from '@portail/contract';
import { appError } from './errors.ts';
import type { AuthClaims } from './request-context.ts';

/** The caller's reach on one association; `M` is the mode the route declared. */
export interface AssociationScope<M extends ScopeMode = ScopeMode> {
  mode: M;
  associationId: string;
  /** null: the whole association; else the only SIRET the caller sees. */
  siret: string | null;
  /** The caller may change association-wide data. */
  writeAll: boolean;
  /** The caller may change anything (its SIRET's rows when `siret` is set). */
  write: boolean;
}

/** One visible (and, in write mode, writable) establishment of an association. */
export interface EstablishmentScope<M extends 'read' | 'write' = 'read' | 'write'> extends AssociationScope<M> {
  establishment: string;
}

/** A person's account: its sign-in id, and whether the caller is its owner. */
export interface AccountScope {
  authId: string;
  own: boolean;
}

/** The caller's reach on one subsidy dossier (modules/demande/dossiers/policy.ts). */
export interface DossierScope<M extends 'read' | 'write' = 'read' | 'write'> {
  mode: M;
  dossierId: string;
  idFo: string;
  associationId: string;
  /** association: a member (or lca.admin); service: a user of one of its instructing services (or rds.admin). */
  side: 'association' | 'service';
  /** A secondary-establishment member: the only SIRET they see; else null. */
  siret: string | null;
  /** Service side: the caller's service accounts instructing the dossier (empty for rds.admin). */
  serviceIds: string[];
  /** The caller may change the dossier (the association side). */
  write: boolean;
}

/** The caller's reach on one service's instruction of a subsidy dossier (modules/demande/dossiers/policy.ts). */
export interface InstructionScope<M extends 'read' | 'write' = 'read' | 'write'> {
  mode: M;
  dossierId: string;
  idFo: string;
  associationId: string;
  /** The instruction row (dossier_instructions) and its service. */
  instructionId: string;
  serviceId: string;
}

/** The caller's reach on one SIRET request (modules/siret-requests/policy.ts): its creator while a member, or lca.admin. */
export interface SiretRequestScope<M extends 'read' | 'write' = 'read' | 'write'> {
  mode: M;
  requestId: string;
  associationId: string;
  /** The caller acts as an LCA administrator (not as the creator). */
  admin: boolean;
}

/** The caller's reach on one Pass'Sport dossier (modules/psp/policy.ts). */
export interface PassSportDossierScope<M extends 'read' | 'write' = 'read' | 'write'> {
  mode: M;
  dossierId: string;
  associationId: string;
  /** How the caller reaches it: its creator or a member it is shared with, the head office (reading), an rds role (reading), lca.admin. */
  reach: 'owner' | 'headOffice' | 'service' | 'admin';
}

/** The resolved scope a declaration gives the handler (undefined for caller/none). */
export type ResolvedScope<S> = S extends { resource: 'association'; mode: infer M extends ScopeMode }
  ? AssociationScope<M>
  : S extends { resource: 'establishment'; mode: infer M extends 'read' | 'write' }
    ? EstablishmentScope<M>
    : S extends { resource: 'account' }
      ? AccountScope
      : S extends { resource: 'dossier'; mode: infer M extends 'read' | 'write' }
        ? DossierScope<M>
        : S extends { resource: 'instruction'; mode: infer M extends 'read' | 'write' }
          ? InstructionScope<M>
          : S extends { resource: 'siretRequest'; mode: infer M extends 'read' | 'write' }
            ? SiretRequestScope<M>
            : S extends { resource: 'passSportDossier'; mode: infer M extends 'read' | 'write' }
              ? PassSportDossierScope<M>
              : undefined;

type Declared<K extends ResourceKind> = Extract<ResourceScope, { resource: K }>;
type IdsOf<K extends ResourceKind> = K extends 'establishment'
  ? { association: string; siret: string }
  : K extends 'instruction'
    ? { dossier: string; service: string }
    : string;

/** What a module answers for one kind of resource. */
export type ScopeResolver<K extends ResourceKind> = (claims: AuthClaims, id: IdsOf<K>, declared: Declared<K>) => Promise<ResolvedScope<Declared<K>>>;

/** The resolvers the process has: a route declaring a kind without one is refused at start-up. */
export type ScopeResolvers = { [K in Exclude<ResourceKind, 'caller' | 'none'>]?: ScopeResolver<K> };

/** Fails at registration when a route declares a kind of resource no module resolves yet. */
export function assertResolvable(route: RouteDefinition, resolvers: ScopeResolvers) {
  const kind = route.scope?.resource;
  if (route.access !== 'public' && !kind) throw new Error(`${route.method} ${route.path} declares no resource scope`);
  if (kind && kind !== 'caller' && kind !== 'none' && !resolvers[kind]) {
    throw new Error(`${route.method} ${route.path}: no resolver for resources of kind '${kind}'`);
  }
}

/**
 * The caller's scope for the call, or a refusal. An identifier the call lacks is a declaration
 * error (the contract's schemas require it), answered as not found rather than trusted.
 */
export async function resolveScope(
  resolvers: ScopeResolvers,
  declared: ResourceScope | undefined,
  claims: AuthClaims | null,
  call: { params?: unknown; query?: unknown },
): Promise<unknown> {
  if (!declared || !claims || declared.resource === 'caller' || declared.resource === 'none') return undefined;
  const required = (id: string | undefined) => {
    if (!id) throw appError('NOT_FOUND');
    return id;
  };
  switch (declared.resource) {
    case 'establishment':
      return resolvers.establishment!(
        claims,
        { association: required(resourceIdOf(declared.association, call)), siret: required(resourceIdOf(declared.siret, call)) },
        declared,
      );
    case 'association':
      return resolvers.association!(claims, required(resourceIdOf(declared.id, call)), declared);
    case 'account':
      return resolvers.account!(claims, required(resourceIdOf(declared.id, call)), declared);
    case 'dossier':
      return resolvers.dossier!(claims, required(resourceIdOf(declared.id, call)), declared);
    case 'instruction':
      return resolvers.instruction!(
        claims,
        { dossier: required(resourceIdOf(declared.dossier, call)), service: required(resourceIdOf(declared.service, call)) },
        declared,
      );
    case 'service':
      return resolvers.service!(claims, required(resourceIdOf(declared.id, call)), declared);
    case 'siretRequest':
      return resolvers.siretRequest!(claims, required(resourceIdOf(declared.id, call)), declared);
    case 'passSportDossier':
      return resolvers.passSportDossier!(claims, required(resourceIdOf(declared.id, call)), declared);
  }
}

/** The account rule every module shares: its owner, or a caller holding one of the declared roles. */
export function accountScope(claims: AuthClaims, authId: string, others: readonly string[]): AccountScope {
  const own = claims.userId === authId;
  if (!own && !claims.roles.some((role) => others.includes(role))) throw appError('FORBIDDEN');
  return { authId, own };
}

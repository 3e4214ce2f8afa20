// Who reaches which subsidy dossier (docs/domain.md « Machines à états », « Dossiers de subvention »):
// pure functions of the caller and of what the scope statement read (./scope.repository.ts).
//
// - Association side: a member of the dossier's association (lca.association linked to it; a
//   member linked to a secondary establishment only the dossiers of that SIRET, and those shared
//   with them, acting on those for the dossier's establishment), or lca.admin for every dossier.
//   They may change it (write mode).
// - Service side: a user of one of the dossier's instructing services (its service account, or a
//   service above it when its profile is an administrator's), once the dossier left the association
//   (an instruction of that service past A/B), or the dossier its own agent created; rds.admin for
//   every dossier. They read it: a write-mode route answers 403. One instruction (scope
//   `instruction`) is changed only by those who reach its service, or rds.admin.
// - An unknown dossier and one the caller cannot see answer the same 404 DOSSIER_NOT_FOUND.
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { DossierScope, InstructionScope } from '../../../http/resource-scope.ts';

export type { DossierScope, InstructionScope } from '../../../http/resource-scope.ts';

export const LCA_ADMIN = 'lca.admin';
export const RDS_ADMIN = 'rds.admin';
/** Instructing roles that act for their own service account. */
export const SERVICE_AGENT_ROLES = ['rds.user', 'rds.service'] as const;
/** States in which a dossier has not reached its services yet. */
export const NOT_TRANSMITTED_STATES = ['A', 'B'] as const;

/** What the scope statement reads of one dossier for one caller. */
export interface DossierAccessRow {
  id: string;
  idFo: string;
  associationId: string;
  idSiret: string | null;
  createdById: string | null;
  createdByType: string;
  /** The caller's link with the dossier's association (none when not a member). */
  link: { type: string; idSiret: string | null } | null;
  /** The dossier is shared with the caller (PATCH …/share); it counts while the caller is a member. */
  shared: boolean;
  /** The caller's own service account (null: none). */
  ownServiceId: string | null;
  /** The dossier's instructions; `reached`: its service is one the caller acts for. */
  instructions: { id: string; serviceId: string; etat: string; reached: boolean }[];
  /** An approval dossier (service agrement): the approval's instructing service, and whether the caller acts for it. */
  approval?: { serviceId: string; reached: boolean } | null;
}


const isAgent = (claims: AuthClaims) => claims.roles.some((role) => (SERVICE_AGENT_ROLES as readonly string[]).includes(role));

/** The member sees the dossier: head office link, the link's own SIRET, or a dossier shared with them. */
function memberSees(row: DossierAccessRow): boolean {
  if (!row.link) return false;
  if (row.link.type === 'Etablissement secondaire' && row.link.idSiret) return row.idSiret === row.link.idSiret || row.shared;
  return true;
}

const transmitted = (etat: string) => !(NOT_TRANSMITTED_STATES as readonly string[]).includes(etat);

/**
 * The instructions the service agent sees: those of the services it acts for, once transmitted to
 * them, or all of them on a dossier the caller created.
 */
function agentInstructions(claims: AuthClaims, row: DossierAccessRow) {
  if (!row.ownServiceId) return [];
  const own = row.createdByType === 'service' && row.createdById === claims.userId;
  return row.instructions.filter((i) => i.reached && (own || transmitted(i.etat)));
}

/** The caller's scope on the dossier, or 404 (not seen) / 403 (seen, read only, write declared). */
export function dossierScopeFor<M extends 'read' | 'write'>(claims: AuthClaims, row: DossierAccessRow | null, mode: M): DossierScope<M> {
  if (!row) throw appError('DOSSIER_NOT_FOUND');
  const base = { mode, dossierId: row.id, idFo: row.idFo, associationId: row.associationId };
  if (claims.roles.includes(LCA_ADMIN)) return { ...base, side: 'association', siret: null, serviceIds: [], write: true };
  if (claims.roles.includes('lca.association') && memberSees(row)) {
    // A secondary establishment's member acts for its SIRET; on a dossier shared with them, for the dossier's.
    const siret = row.link?.type === 'Etablissement secondaire' ? (row.link.idSiret && row.idSiret !== row.link.idSiret ? row.idSiret : row.link.idSiret) : null;
    return { ...base, side: 'association', siret, serviceIds: [], write: true };
  }
  // An approval dossier: the agents of its approval's service (or above it with an administrator
  // profile) read and change it, as rds.admin does (spec §6: admin, service user or creator; the
  // agrement_dossier machine says when).
  if (row.approval) {
    if (claims.roles.includes(RDS_ADMIN) || (isAgent(claims) && row.approval.reached)) {
      return { ...base, side: 'service', siret: null, serviceIds: [row.approval.serviceId], write: true };
    }
    throw appError('DOSSIER_NOT_FOUND');
  }
  let seen: DossierScope<M> | null = null;
  if (claims.roles.includes(RDS_ADMIN)) seen = { ...base, side: 'service', siret: null, serviceIds: [], write: false };
  else if (isAgent(claims) && agentInstructions(claims, row).length > 0) seen = { ...base, side: 'service', siret: null, serviceIds: agentInstructions(claims, row).map((i) => i.serviceId), write: false };
  if (!seen) throw appError('DOSSIER_NOT_FOUND');
  if (mode === 'write') throw appError('FORBIDDEN');
  return seen;
}

/**
 * The services whose part of the thread the caller reads: an agent reads the messages written to
 * all services or to/by its own service, never another service's exchange; the association side
 * and rds.admin read the whole thread (undefined).
 */
export function threadServicesFor(scope: Pick<DossierScope, 'side' | 'serviceIds'>): string[] | undefined {
  return scope.side === 'service' && scope.serviceIds.length > 0 ? scope.serviceIds : undefined;
}

/**
 * The caller's scope on one service's instruction of the dossier: the dossier unseen answers 404
 * DOSSIER_NOT_FOUND; an instruction the caller does not reach (another service's) 404
 * INSTRUCTION_NOT_FOUND; the association side reads it and changes nothing (403).
 */
export function instructionScopeFor<M extends 'read' | 'write'>(claims: AuthClaims, row: DossierAccessRow | null, serviceId: string, mode: M): InstructionScope<M> {
  const dossier = dossierScopeFor(claims, row, 'read');
  const instruction = row!.instructions.find((i) => i.serviceId === serviceId);
  const reached = dossier.side === 'association' || claims.roles.includes(RDS_ADMIN) || dossier.serviceIds.includes(serviceId);
  if (!instruction || !reached) throw appError('INSTRUCTION_NOT_FOUND');
  if (mode === 'write' && dossier.side === 'association') throw appError('FORBIDDEN');
  return { mode, dossierId: dossier.dossierId, idFo: dossier.idFo, associationId: dossier.associationId, instructionId: instruction.id, serviceId };
}

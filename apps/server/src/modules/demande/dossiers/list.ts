// The caller-bound filter of GET /demande/dossiers (docs/domain.md « Dossiers de subvention »):
// a pure function of the caller, their links and service, and the query, written as one SQL
// filter over the indexed columns (association, SIRET, service × state); and the projection of
// each listed summary by `fields`.
import type { DossierListField, DossierSummary, ProjectedDossierSummary } from '@portail/contract';
import type { AuthClaims } from '../../../http/request-context.ts';
import { likeLiteral } from '../../../db/like-pattern.ts';
import { linkSiret } from '../../proxy-asso/index.ts';
import { appError } from '../../../http/errors.ts';
import { LCA_ADMIN, NOT_TRANSMITTED_STATES, RDS_ADMIN } from './policy.ts';
import type { DossierWhere } from './repository.ts';

export interface ListQuery {
  etats?: string[];
  etatsCRF?: string[];
  statuts?: string[];
  exercices?: number[];
  id_type_dispositif?: string[];
  id_service_instructeur?: string[];
  demandeur?: string[];
  createdBy?: string[];
  createdByType?: string[];
  includeDeleted?: boolean;
  searchQuery?: string;
}

export interface CallerReach {
  links: { associationId: string; type: string; idSiret: string | null }[];
  serviceId: string | null;
}

const isAdmin = (claims: AuthClaims) => claims.roles.includes(LCA_ADMIN) || claims.roles.includes(RDS_ADMIN);

/** What the caller may see: admins everything; members their links and what is shared with them; agents their service once transmitted. */
export function reachWhere(claims: AuthClaims, reach: CallerReach): DossierWhere | null {
  if (isAdmin(claims)) return {};
  const or: DossierWhere[] = [];
  if (claims.roles.includes('lca.association')) {
    for (const link of reach.links) {
      const siret = linkSiret(link);
      or.push(siret ? { associationId: link.associationId, idSiret: siret } : { associationId: link.associationId });
    }
    // A secondary establishment's member also sees what is shared with them, while a member (policy.ts).
    const narrowed = [...new Set(reach.links.filter((link) => linkSiret(link) !== null).map((link) => link.associationId))];
    if (narrowed.length > 0) or.push({ associationId: { in: narrowed }, shares: { some: { userId: claims.userId } } });
  }
  if (reach.serviceId && claims.roles.some((r) => r === 'rds.user' || r === 'rds.service')) {
    // One look at the service's instructions, which carry the dossier's creator (a copy): transmitted
    // to the service, or created by this agent. Two alternatives on the dossier made PostgreSQL read
    // every dossier (half a second at a million); this reads the service's instructions by index.
    or.push({
      instructions: {
        some: {
          serviceId: reach.serviceId,
          OR: [{ etat: { notIn: [...NOT_TRANSMITTED_STATES] } }, { createdById: claims.userId, createdByType: 'service' }],
        },
      },
    });
  }
  return or.length === 0 ? null : { OR: or };
}

/** The query's filters, ANDed with the reach. includeDeleted is for admins only (403 otherwise). */
export function listWhere(claims: AuthClaims, reach: DossierWhere, q: ListQuery): DossierWhere {
  if (q.includeDeleted && !isAdmin(claims)) throw appError('FORBIDDEN');
  const and: DossierWhere[] = [reach];
  if (!q.includeDeleted) and.push({ deletedAt: null });
  const instruction: Record<string, unknown> = {};
  if (q.etats?.length) instruction.etat = { in: q.etats };
  if (q.id_service_instructeur?.length) instruction.serviceId = { in: q.id_service_instructeur };
  if (Object.keys(instruction).length > 0) and.push({ instructions: { some: instruction } });
  if (q.etatsCRF?.length) and.push({ crfs: { some: { etat: { in: q.etatsCRF } } } });
  if (q.statuts?.length) and.push({ statut: { in: q.statuts } });
  if (q.exercices?.length) and.push({ exercice: { in: q.exercices } });
  if (q.id_type_dispositif?.length) and.push({ dispositifId: { in: q.id_type_dispositif } });
  if (q.demandeur?.length) and.push({ idSiret: { in: q.demandeur } });
  if (q.createdBy?.length) and.push({ createdById: { in: q.createdBy } });
  if (q.createdByType?.length) and.push({ createdByType: { in: q.createdByType } });
  const trimmed = q.searchQuery?.trim();
  if (trimmed) {
    // '%' and '_' typed by the user match themselves, not any text.
    const search = likeLiteral(trimmed);
    and.push({
      OR: [
        { idFo: { startsWith: search } },
        { idSiret: { startsWith: search } },
        { nom: { contains: search, mode: 'insensitive' } },
        { subvention: { code: { startsWith: search, mode: 'insensitive' } } },
      ],
    });
  }
  return { AND: and };
}

/** Keys a projection keeps besides the named ones: the id, and what populate or select_notifications asked for. */
const ALWAYS_KEPT = ['id', 'notifications', 'messages_non_lus', 'projets', 'documents', 'instructeurs'] as const;

/** The summary cut down to `fields` (contract DOSSIER_LIST_FIELDS); the whole summary without `fields`. */
export function projectSummary(summary: DossierSummary, fields: readonly DossierListField[] | undefined): DossierSummary | ProjectedDossierSummary {
  if (!fields || fields.length === 0) return summary;
  const kept = new Set<string>([...ALWAYS_KEPT, ...fields]);
  return Object.fromEntries(Object.entries(summary).filter(([key]) => kept.has(key))) as ProjectedDossierSummary;
}

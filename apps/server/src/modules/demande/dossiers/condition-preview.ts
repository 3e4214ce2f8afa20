// The preview of an expected item's conditions (rds-server POST /subventions/{id}/conditions/apercu,
// docs/domain.md « Dispositifs et subventions »): the contract's evaluateAsks on each dossier of the
// campaign as transmission reads it (the dossier, its description and demandeur; each project for
// an item of part projet). Counts for every scheme administrator; the first matching dossiers only
// for a caller who reads every dossier (rds.admin, policy.ts), so nobody learns of a dossier this way
// that they could not open. Reads only.
import { CONDITION_PREVIEW_LIMITS, dossierAskContext, evaluateAsks, type ConditionPreview, type ConditionPreviewBody } from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { projetView } from '../projets/index.ts';
import { RDS_ADMIN } from './policy.ts';
import type { DossierRepository } from './repository.ts';
import { toDossierView } from './view.ts';

const NO_OPTIONS = { events: [], actions: [] };

export async function previewConditions(repository: DossierRepository, claims: AuthClaims, subventionId: string, input: ConditionPreviewBody): Promise<ConditionPreview> {
  if (!(await repository.subventionExists(subventionId))) throw appError('SUBVENTION_NOT_FOUND');
  const { rows, more } = await repository.campaignDossiers(subventionId, CONDITION_PREVIEW_LIMITS.dossiers);
  const projets = input.part === 'projet' ? await repository.projetsOf(rows.map((row) => row.id)) : [];
  const matching = rows.filter((row) => {
    const dossier = { ...toDossierView(row, NO_OPTIONS), projets: [] };
    const context = dossierAskContext(dossier);
    if (input.part !== 'projet') return evaluateAsks(input.asks, context);
    return projets.filter((p) => p.dossierId === row.id).some((p) => evaluateAsks(input.asks, { ...context, scopes: { ...context.scopes, projet: projetView(p) } }));
  });
  const visible = claims.roles.includes(RDS_ADMIN);
  return {
    total: rows.length,
    correspondants: matching.length,
    tronque: more,
    exemples_visibles: visible,
    exemples: visible ? matching.slice(0, CONDITION_PREVIEW_LIMITS.examples).map((row) => ({ id: row.id, id_fo: row.idFo, nom: row.nom })) : [],
  };
}

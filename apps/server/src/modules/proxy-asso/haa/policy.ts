// Food aid's rules on a whole site (docs/domain.md « Aide alimentaire : sites et adresses »): pure
// functions of the site as it will be written, and what a secondary establishment's member sees.
import { HAA_MEMBER_TYPE_LABELS, HAA_MESSAGES, type HaaMemberType } from '@portail/contract';
import type { AssociationScope } from '../access/policy.ts';

/** A site as it will be written (the creation's fields, or the stored site with the changes). */
export interface SiteShape {
  type_membre: HaaMemberType;
  membre_siret_id: string | null;
  membre_reseau_id: string | null;
  itinerant: boolean;
  adresse_id: string | null;
}

/**
 * The rules that need no database: the member matching the type (and only it), an address for a
 * fixed site. An itinerant site has no fixed address: it may name one (its base) or none.
 * Field → French message; empty when the site passes.
 */
export function siteShapeErrors(site: SiteShape): Record<string, string> {
  const errors: Record<string, string> = {};
  if (site.type_membre === 'etablissement') {
    if (!site.membre_siret_id) errors.membre_siret_id = HAA_MESSAGES.membreSiretRequired;
    if (site.membre_reseau_id) errors.membre_reseau_id = HAA_MESSAGES.membreOfOtherType(HAA_MEMBER_TYPE_LABELS.etablissement);
  } else {
    if (!site.membre_reseau_id) errors.membre_reseau_id = HAA_MESSAGES.membreReseauRequired;
    if (site.membre_siret_id) errors.membre_siret_id = HAA_MESSAGES.membreOfOtherType(HAA_MEMBER_TYPE_LABELS.association);
  }
  if (!site.itinerant && !site.adresse_id) errors.adresse_id = HAA_MESSAGES.fixedSiteNeedsAdresse;
  return errors;
}

/**
 * Whether the caller sees a site: the whole association, or (a secondary establishment's member)
 * only the sites its establishment runs.
 */
export const seesSite = (scope: AssociationScope, site: { membreSiretId: string | null }) => scope.siret === null || site.membreSiretId === scope.siret;

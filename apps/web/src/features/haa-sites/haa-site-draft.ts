// The food-aid site form's state (texts as typed) and what it sends: the site's fields and, when the
// site has one, its address, checked by the contract's schemas before any call (the server checks
// the same, and the rules needing the database: members of the association, addresses in use).
import {
  HAA_DAYS,
  HAA_MESSAGES,
  haaAddressFieldsSchema,
  haaSiteFieldsSchema,
  type HaaActivityNature,
  type HaaDay,
  type HaaMemberType,
  type HaaSite,
} from '@portail/contract';
import type { z } from 'zod';

export interface RangeDraft {
  debut: string;
  fin: string;
}
export interface PeriodDraft {
  debut: string;
  fin: string;
  motif: string;
}
export interface SiteDraft {
  type_membre: HaaMemberType;
  membre_siret_id: string;
  membre_reseau_id: string;
  nature_activite: HaaActivityNature;
  itinerant: boolean;
  /** Open days and their ranges (a day absent: closed). */
  jours: Partial<Record<HaaDay, RangeDraft[]>>;
  periodes: PeriodDraft[];
  adresse: { num_voie: string; voie: string; cplt: string; cp: string; commune: string; code_insee: string };
}

export const emptyDraft = (): SiteDraft => ({
  type_membre: 'etablissement',
  membre_siret_id: '',
  membre_reseau_id: '',
  nature_activite: 'distribution',
  itinerant: false,
  jours: {},
  periodes: [],
  adresse: { num_voie: '', voie: '', cplt: '', cp: '', commune: '', code_insee: '' },
});

export function draftOf(site: HaaSite): SiteDraft {
  const a = site.adresse;
  return {
    type_membre: site.type_membre,
    membre_siret_id: site.membre_siret_id ?? '',
    membre_reseau_id: site.membre_reseau_id ?? '',
    nature_activite: site.nature_activite,
    itinerant: site.itinerant,
    jours: Object.fromEntries(site.horaire_ouverture.map((d) => [d.jour, d.plages.map((p) => ({ ...p }))])),
    periodes: site.periode_fermeture.map((p) => ({ debut: p.debut, fin: p.fin, motif: p.motif ?? '' })),
    adresse: {
      num_voie: a?.num_voie ?? '',
      voie: a?.voie ?? '',
      cplt: a?.cplt ?? '',
      cp: a?.cp ?? '',
      commune: a?.commune ?? '',
      code_insee: a?.code_insee ?? '',
    },
  };
}

export type SiteFields = z.input<typeof haaSiteFieldsSchema>;
export type AddressFields = z.input<typeof haaAddressFieldsSchema>;

export interface DraftResult {
  /** Field path (as the server names it) → French message; empty when the draft can be sent. */
  errors: Record<string, string>;
  site: Omit<SiteFields, 'adresse_id'>;
  /** null: no address (an itinerant site may have none). */
  adresse: AddressFields | null;
}

const pathOf = (issue: { path: PropertyKey[] }) => issue.path.map(String).join('.');

/** What the draft sends, and its errors by field (the contract's messages). */
export function readDraft(draft: SiteDraft): DraftResult {
  const site = {
    type_membre: draft.type_membre,
    nature_activite: draft.nature_activite,
    membre_siret_id: draft.type_membre === 'etablissement' ? draft.membre_siret_id || null : null,
    membre_reseau_id: draft.type_membre === 'association' ? draft.membre_reseau_id || null : null,
    itinerant: draft.itinerant,
    horaire_ouverture: HAA_DAYS.flatMap((jour) => (draft.jours[jour] ? [{ jour, plages: draft.jours[jour] }] : [])),
    periode_fermeture: draft.periodes.map((p) => ({ debut: p.debut, fin: p.fin, motif: p.motif.trim() || null })),
  };
  const a = draft.adresse;
  const hasAddress = [a.num_voie, a.voie, a.cplt, a.cp, a.commune].some((v) => v.trim() !== '');
  const adresse = hasAddress || !draft.itinerant
    ? { num_voie: a.num_voie, voie: a.voie, cplt: a.cplt, cp: a.cp, commune: a.commune, code_insee: a.code_insee || null }
    : null;
  const errors: Record<string, string> = {};
  const siteCheck = haaSiteFieldsSchema.safeParse(site);
  if (!siteCheck.success) for (const issue of siteCheck.error.issues) errors[pathOf(issue)] ??= issue.message;
  if (site.type_membre === 'etablissement' && !site.membre_siret_id) errors.membre_siret_id = HAA_MESSAGES.membreSiretRequired;
  if (site.type_membre === 'association' && !site.membre_reseau_id) errors.membre_reseau_id = HAA_MESSAGES.membreReseauRequired;
  if (adresse) {
    const addressCheck = haaAddressFieldsSchema.safeParse(adresse);
    if (!addressCheck.success) for (const issue of addressCheck.error.issues) errors[`adresse.${pathOf(issue)}`] ??= issue.message;
  }
  return { errors, site, adresse };
}

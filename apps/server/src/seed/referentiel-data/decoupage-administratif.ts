// Regions, departements and communes from @etalab/decoupage-administratif (INSEE's Code officiel
// géographique with La Poste's postcodes), read as the offline commune list reads them.
import type { ReferentielSource, SeedOption } from '../../modules/declaration/index.ts';
import {
  readDecoupageData as readData,
  type DecoupageCommune as Commune,
  type DecoupageDepartement as Departement,
  type DecoupageRegion as Region,
} from '../../modules/proxy-asso/index.ts';

export function regionOptions(): SeedOption[] {
  return readData<Region>('regions.json').map((r) => ({ value: r.code, label: r.nom, meta: { zone: r.zone, chefLieu: r.chefLieu ?? null } }));
}

export function departementOptions(): SeedOption[] {
  return readData<Departement>('departements.json').map((d) => ({
    value: d.code,
    label: d.nom,
    meta: { region: d.region, zone: d.zone, chefLieu: d.chefLieu ?? null },
  }));
}

/** Current communes only (delegated and associated communes share their parent's code). */
export function communeOptions(): SeedOption[] {
  return readData<Commune>('communes.json')
    .filter((c) => c.type === 'commune-actuelle')
    .map((c) => ({
      value: c.code,
      label: c.nom,
      meta: { codesPostaux: c.codesPostaux ?? [], departement: c.departement ?? null, region: c.region ?? null },
    }));
}

export const decoupageAdministratifSources: ReferentielSource[] = [
  { type: 'regions', label: 'Régions', categorie: 'Territoire', load: regionOptions },
  { type: 'departements', label: 'Départements', categorie: 'Territoire', load: departementOptions },
  { type: 'communes', label: 'Communes', categorie: 'Territoire', load: communeOptions },
];

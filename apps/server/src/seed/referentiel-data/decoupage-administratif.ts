// Regions, departements and communes from @etalab/decoupage-administratif (INSEE's Code officiel
// géographique with La Poste's postcodes). The JSON files are read directly: the package's main
// entry reads a path relative to the current directory and fails elsewhere.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReferentielSource, SeedOption } from '../../modules/declaration/index.ts';

const require = createRequire(import.meta.url);

function readData<T>(file: string): T[] {
  return JSON.parse(readFileSync(require.resolve(`@etalab/decoupage-administratif/data/${file}`), 'utf8')) as T[];
}

interface Region {
  code: string;
  nom: string;
  zone: string;
  chefLieu?: string;
}
interface Departement {
  code: string;
  nom: string;
  region: string;
  zone: string;
  chefLieu?: string;
}
interface Commune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  region?: string;
  codesPostaux?: string[];
}

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

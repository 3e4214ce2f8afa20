// The data files of @etalab/decoupage-administratif (INSEE's Code officiel géographique with La
// Poste's postcodes), read directly: the package's main entry reads a path relative to the current
// directory and fails elsewhere. Read by the offline commune list and by the referentials' seed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type DecoupageFile = 'regions.json' | 'departements.json' | 'communes.json';

export function readDecoupageData<T>(file: DecoupageFile): T[] {
  return JSON.parse(readFileSync(require.resolve(`@etalab/decoupage-administratif/data/${file}`), 'utf8')) as T[];
}

export interface DecoupageRegion {
  code: string;
  nom: string;
  zone: string;
  chefLieu?: string;
}
export interface DecoupageDepartement {
  code: string;
  nom: string;
  region: string;
  zone: string;
  chefLieu?: string;
}
export interface DecoupageCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  region?: string;
  codesPostaux?: string[];
  population?: number;
}

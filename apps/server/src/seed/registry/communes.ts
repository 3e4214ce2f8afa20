// Real communes and postcodes from @etalab/decoupage-administratif (its data files are read
// directly: the package's entry point resolves a path against the current directory).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Commune {
  code: string;
  nom: string;
  departement: string;
  codesPostaux: string[];
  population: number;
}

interface RawCommune {
  code: string;
  nom: string;
  departement?: string;
  type: string;
  codesPostaux?: string[];
  population?: number;
}

const require = createRequire(import.meta.url);

export function readCommunes(): Commune[] {
  const file = require.resolve('@etalab/decoupage-administratif/data/communes.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawCommune[];
  return raw
    .filter((c) => c.type === 'commune-actuelle' && c.departement && c.codesPostaux?.length)
    .map((c) => ({
      code: c.code,
      nom: c.nom,
      departement: c.departement!,
      codesPostaux: c.codesPostaux!,
      population: c.population ?? 0,
    }));
}

/** Picks communes with a weight growing with population (big towns hold more associations). */
export interface CommunePicker {
  communes: Commune[];
  pick(uniform: number): Commune;
  byDepartement: Map<string, Commune[]>;
}

export function communePicker(communes: Commune[]): CommunePicker {
  const cumulative = new Float64Array(communes.length);
  let total = 0;
  communes.forEach((commune, i) => {
    total += 20 + commune.population ** 0.9;
    cumulative[i] = total;
  });
  const byDepartement = new Map<string, Commune[]>();
  for (const commune of communes) {
    const list = byDepartement.get(commune.departement) ?? [];
    list.push(commune);
    byDepartement.set(commune.departement, list);
  }
  return {
    communes,
    byDepartement,
    pick(uniform: number) {
      const target = uniform * total;
      let low = 0;
      let high = communes.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid]! < target) low = mid + 1;
        else high = mid;
      }
      return communes[low]!;
    },
  };
}

let cached: CommunePicker | null = null;
export const defaultCommunePicker = () => (cached ??= communePicker(readCommunes()));

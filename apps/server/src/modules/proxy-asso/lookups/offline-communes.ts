// The offline commune list: what answers a commune search when the national address API does not.
// Loaded from @etalab/decoupage-administratif at the first search it answers (never at start-up:
// a portal whose outside API answers never pays for it), then kept in a few flat arrays (about
// 35 000 current communes; the file's other fields and kinds are dropped once read).
import type { AddressLookupQuery, CommuneFeature } from '@portail/contract';
import {
  readDecoupageData,
  type DecoupageCommune,
  type DecoupageDepartement,
  type DecoupageRegion,
} from './decoupage-data.ts';

/**
 * A name as compared: without accents, in lower case, hyphens and apostrophes as spaces, « st » /
 * « ste » read as « saint » / « sainte » (« St-Étienne » finds Saint-Étienne).
 */
export function comparableName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[-'’`.,/()]/g, ' ')
    .replace(/\bste\b/g, 'sainte')
    .replace(/\bst\b/g, 'saint')
    .replace(/\s+/g, ' ')
    .trim();
}

interface CommuneTable {
  names: string[];
  /** comparableName of each name. */
  keys: string[];
  codes: string[];
  postcodes: string[][];
  contexts: string[];
  populations: number[];
}

function loadTable(): CommuneTable {
  const regions = new Map(readDecoupageData<DecoupageRegion>('regions.json').map((r) => [r.code, r.nom]));
  const departements = new Map(readDecoupageData<DecoupageDepartement>('departements.json').map((d) => [d.code, d.nom]));
  const table: CommuneTable = { names: [], keys: [], codes: [], postcodes: [], contexts: [], populations: [] };
  // Shared strings: a context is the same for every commune of a department.
  const contexts = new Map<string, string>();
  for (const commune of readDecoupageData<DecoupageCommune>('communes.json')) {
    // Delegated and associated communes share their parent's code; a town without a postcode cannot be chosen.
    if (commune.type !== 'commune-actuelle' || !commune.codesPostaux?.length) continue;
    const contextKey = `${commune.departement ?? ''}|${commune.region ?? ''}`;
    let context = contexts.get(contextKey);
    if (context === undefined) {
      const dep = commune.departement;
      context = [dep, dep && departements.get(dep), commune.region && regions.get(commune.region)].filter(Boolean).join(', ');
      contexts.set(contextKey, context);
    }
    table.names.push(commune.nom);
    table.keys.push(comparableName(commune.nom));
    table.codes.push(commune.code);
    table.postcodes.push(commune.codesPostaux);
    table.contexts.push(context);
    table.populations.push(commune.population ?? 0);
  }
  return table;
}

let table: CommuneTable | undefined;
/** The table, read once (synchronously: about a tenth of a second, at the first offline answer only). */
function communes(): CommuneTable {
  table ??= loadTable();
  return table;
}

/** How well a commune's comparable name matches the searched text (0: not at all). */
function nameScore(key: string, searched: string): number {
  if (key === searched) return 1;
  if (key.startsWith(searched)) return 0.9;
  if (key.includes(` ${searched}`)) return 0.7;
  if (key.includes(searched)) return 0.5;
  return 0;
}

/**
 * The communes matching a search, as the national API would answer them: by name (accents, case,
 * hyphens ignored) or, when `q` is made of digits, by postcode (its beginning); `postcode` keeps
 * only the communes it serves. Best matches first, then the most populated.
 */
export function searchOfflineCommunes(query: Pick<AddressLookupQuery, 'q' | 'postcode' | 'limit'>): CommuneFeature[] {
  const { names, keys, codes, postcodes, contexts, populations } = communes();
  const digits = /^\d+$/.test(query.q.replace(/\s/g, '')) ? query.q.replace(/\s/g, '') : null;
  const searched = comparableName(query.q);
  if (!digits && searched.length === 0) return [];
  const found: { index: number; score: number; postcode: string }[] = [];
  for (let index = 0; index < keys.length; index++) {
    const served = postcodes[index]!;
    if (query.postcode && !served.includes(query.postcode)) continue;
    let score: number;
    let postcode: string;
    if (digits) {
      const match = served.find((code) => code.startsWith(digits));
      if (!match) continue;
      score = match === digits ? 1 : 0.8;
      postcode = query.postcode ?? match;
    } else {
      score = nameScore(keys[index]!, searched);
      if (score === 0) continue;
      postcode = query.postcode ?? served[0]!;
    }
    found.push({ index, score, postcode });
  }
  found.sort((a, b) => b.score - a.score || populations[b.index]! - populations[a.index]!);
  return found.slice(0, query.limit).map(({ index, score, postcode }) => ({
    type: 'Feature',
    geometry: null,
    properties: {
      label: names[index]!,
      name: names[index]!,
      postcode,
      citycode: codes[index]!,
      context: contexts[index]!,
      type: 'municipality',
      score,
    },
  }));
}

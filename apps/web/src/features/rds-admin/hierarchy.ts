// The services' hierarchy as the administration screen shows and edits it: the levels' names, and
// the services a service may hang under (exactly one level above, never itself nor one below it).
import type { NIVEAUX_TERRITORIAUX } from '@portail/contract';

type Niveau = (typeof NIVEAUX_TERRITORIAUX)[number];

export const NIVEAU_LABELS: Readonly<Record<Niveau, string>> = { national: 'National', regional: 'Régional', departemental: 'Départemental' };
export const niveauLabel = (value: string | null) => (value ? (NIVEAU_LABELS[value as Niveau] ?? value) : 'Non renseigné');

/** The level a parent of a service of `niveau` has (none for a national service). */
export const PARENT_LEVEL: Readonly<Record<Niveau, Niveau | null>> = { national: null, regional: 'national', departemental: 'regional' };

/** A listed service, as far as the hierarchy goes. */
export interface ServiceNode {
  id: string;
  nom: string;
  parent: string | null;
  niveau_territorial: string | null;
}
type Node = ServiceNode;

/** The service's own id and those of every service below it, in the listed services. */
export function subtreeOf(services: readonly Node[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of services) {
      if (s.parent && ids.has(s.parent) && !ids.has(s.id)) {
        ids.add(s.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The services that may become the parent of a service of `niveau` (`moving`: the service moved, kept out with its subtree). */
export function possibleParents<T extends Node>(services: readonly T[], niveau: string | null, moving?: string): T[] {
  const level = niveau ? PARENT_LEVEL[niveau as Niveau] : null;
  if (!level) return [];
  const excluded = moving ? subtreeOf(services, moving) : new Set<string>();
  return services.filter((s) => s.niveau_territorial === level && !excluded.has(s.id));
}

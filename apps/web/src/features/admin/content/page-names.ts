// The client's pages by route name, as the notes name them (the route table's names and titles).
import { ROUTE_TABLE } from '../../../app/route-table.ts';

const TITLES = new Map(ROUTE_TABLE.filter((r) => r.meta.name).map((r) => [r.meta.name, `${r.meta.title} (${r.meta.name})`]));

/** « Mes dossiers (dossiers) », or the name itself when no page has it. */
export const pageTitle = (name: string) => TITLES.get(name) ?? name;

export const pageNamesHint = `Par exemple : dossiers (Mes dossiers), home (Accueil), login (Connexion). Pages existantes : ${[...TITLES.keys()].sort().join(', ')}.`;

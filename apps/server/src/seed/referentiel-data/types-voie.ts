// Street types with the abbreviations of the FANTOIR file and La Poste's addressing standard
// (NF Z10-011). No npm package ships them: written by hand, most common first then alphabetical.
import type { ReferentielSource, SeedOption } from '../../modules/declaration/index.ts';

const COMMON: [code: string, label: string][] = [
  ['R', 'Rue'],
  ['AV', 'Avenue'],
  ['BD', 'Boulevard'],
  ['PL', 'Place'],
  ['CHE', 'Chemin'],
  ['ALL', 'Allée'],
  ['IMP', 'Impasse'],
  ['RTE', 'Route'],
  ['QUAI', 'Quai'],
  ['SQ', 'Square'],
];

const OTHERS: [code: string, label: string][] = [
  ['CAR', 'Carrefour'],
  ['CHS', 'Chaussée'],
  ['CITE', 'Cité'],
  ['CLOS', 'Clos'],
  ['COR', 'Corniche'],
  ['CRS', 'Cours'],
  ['CTRE', 'Centre'],
  ['DOM', 'Domaine'],
  ['DSC', 'Descente'],
  ['ECA', 'Écart'],
  ['ESP', 'Esplanade'],
  ['FG', 'Faubourg'],
  ['GAL', 'Galerie'],
  ['GR', 'Grande Rue'],
  ['HAM', 'Hameau'],
  ['HLE', 'Halle'],
  ['IMM', 'Immeuble'],
  ['LD', 'Lieu-dit'],
  ['LOT', 'Lotissement'],
  ['MAR', 'Marché'],
  ['MTE', 'Montée'],
  ['PARC', 'Parc'],
  ['PAS', 'Passage'],
  ['PLN', 'Plaine'],
  ['PLT', 'Plateau'],
  ['PONT', 'Pont'],
  ['PORT', 'Port'],
  ['PRO', 'Promenade'],
  ['PRV', 'Parvis'],
  ['QUA', 'Quartier'],
  ['RES', 'Résidence'],
  ['RLE', 'Ruelle'],
  ['ROC', 'Rocade'],
  ['RPE', 'Rampe'],
  ['RPT', 'Rond-point'],
  ['SEN', 'Sentier'],
  ['TPL', 'Terre-plein'],
  ['TRA', 'Traverse'],
  ['VLA', 'Villa'],
  ['VLGE', 'Village'],
  ['VOIE', 'Voie'],
  ['ZA', 'Zone artisanale'],
  ['ZAC', "Zone d'aménagement concerté"],
  ['ZI', 'Zone industrielle'],
  ['ZONE', 'Zone'],
];

export function typeVoieOptions(): SeedOption[] {
  return [...COMMON, ...OTHERS].map(([value, label]) => ({ value, label, meta: null }));
}

export const typesVoieSource: ReferentielSource = { type: 'types-voie', label: 'Types de voie', categorie: 'Adresse', load: typeVoieOptions };

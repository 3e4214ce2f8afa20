// Legal forms: the INSEE nomenclature "catégories juridiques", niveau III, for associations,
// foundations and the local authorities an association deals with (the structure groups of the
// spec). No npm package ships this nomenclature: labels written by hand from INSEE's niveau III
// list, one source only (public copies disagree on some labels). The spec's "93000" is INSEE's 9300.
import type { ReferentielSource, SeedOption } from '../../modules/declaration/index.ts';

type Regime = 'loi1901' | 'alsaceMoselle' | 'autre' | 'collectivite';

const FORMS: [code: string, label: string, groupe: string, regime: Regime][] = [
  ['9220', 'Association déclarée', 'Association', 'loi1901'],
  ['9260', 'Association de droit local (Bas-Rhin, Haut-Rhin et Moselle)', 'Association', 'alsaceMoselle'],
  ['9230', "Association déclarée, reconnue d'utilité publique", 'Association', 'autre'],
  ['9210', 'Association non déclarée', 'Association', 'autre'],
  ['9221', "Association déclarée d'insertion par l'économique", 'Association', 'autre'],
  ['9222', 'Association intermédiaire', 'Association', 'autre'],
  ['9223', "Groupement d'employeurs", 'Association', 'autre'],
  ['9224', "Association d'avocats à responsabilité professionnelle individuelle", 'Association', 'autre'],
  ['9240', 'Congrégation', 'Association', 'autre'],
  ['9300', 'Fondation', 'Fondation', 'autre'],
  ['7210', 'Commune et commune nouvelle', 'Collectivité territoriale', 'collectivite'],
  ['7220', 'Département', 'Collectivité territoriale', 'collectivite'],
  ['7225', "Collectivité et territoire d'Outre Mer", 'Collectivité territoriale', 'collectivite'],
  ['7229', '(Autre) Collectivité territoriale', 'Collectivité territoriale', 'collectivite'],
  ['7230', 'Région', 'Collectivité territoriale', 'collectivite'],
  ['7312', 'Commune associée et commune déléguée', 'Collectivité territoriale', 'collectivite'],
  ['7313', 'Section de commune', 'Collectivité territoriale', 'collectivite'],
  ['7343', 'Communauté urbaine', 'Structure intercommunale', 'collectivite'],
  ['7344', 'Métropole', 'Structure intercommunale', 'collectivite'],
  ['7345', 'Syndicat intercommunal à vocation multiple (SIVOM)', 'Structure intercommunale', 'collectivite'],
  ['7346', 'Communauté de communes', 'Structure intercommunale', 'collectivite'],
  ['7347', 'Communauté de villes', 'Structure intercommunale', 'collectivite'],
  ['7348', "Communauté d'agglomération", 'Structure intercommunale', 'collectivite'],
];

export function formeJuridiqueOptions(): SeedOption[] {
  return FORMS.map(([value, label, groupe, regime]) => ({ value, label, meta: { regime, groupe } }));
}

export const formesJuridiquesSource: ReferentielSource = {
  type: 'formes-juridiques',
  label: 'Formes juridiques',
  categorie: 'Association',
  load: formeJuridiqueOptions,
};

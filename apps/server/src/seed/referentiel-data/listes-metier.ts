// Short business lists of the spec (docs/domain.md « Données », « Constantes et affichage »), written by hand.
import { CIVILITE_LABELS } from '@portail/contract';
import type { ReferentielSource, SeedOption } from '../../modules/declaration/index.ts';

const simple = (pairs: [value: string, label: string][]): SeedOption[] => pairs.map(([value, label]) => ({ value, label, meta: null }));

export const listesMetierSources: ReferentielSource[] = [
  {
    type: 'domaines', label: "Domaines d'activité", categorie: 'Association',
    load: () => simple([['Sport', 'Sport'], ['Autre', 'Autre']]),
  },
  {
    type: 'regimes', label: 'Régimes juridiques', categorie: 'Association',
    load: () => [
      { value: 'loi1901', label: 'Association loi 1901', meta: { formeJuridique: '9220' } },
      { value: 'alsaceMoselle', label: 'Association de droit local (Alsace-Moselle)', meta: { formeJuridique: '9260' } },
      { value: 'autre', label: 'Autre', meta: { formeJuridique: '9230' } },
      { value: 'collectivite', label: 'Collectivité territoriale ou structure intercommunale', meta: { formeJuridique: null } },
    ],
  },
  {
    type: 'champs-action-territoriale', label: "Champs d'action territoriale", categorie: 'Association',
    load: () => simple([
      ['Local', 'Local'],
      ['Départemental', 'Départemental'],
      ['Régional', 'Régional'],
      ['National', 'National'],
      ['International', 'International'],
    ]),
  },
  {
    type: 'types-structure-sportive', label: 'Types de structure sportive', categorie: 'Sport',
    load: () => simple([
      ['club', 'Club'],
      ['comite-departemental', 'Comité départemental'],
      ['ligue-regionale', 'Ligue régionale'],
      ['comite-regional', 'Comité régional'],
      ['federation', 'Fédération'],
      ['section-omnisports', "Section d'un club omnisports"],
      ['structure-commerciale', 'Structure commerciale de sport-loisir'],
    ]),
  },
  {
    type: 'civilites', label: 'Civilités', categorie: 'Personne',
    load: () => simple(Object.entries(CIVILITE_LABELS)),
  },
  {
    type: 'durees-activite', label: "Durées d'activité", categorie: 'Association',
    load: () => simple([['P', 'Permanente'], ['S', 'Saisonnière']]),
  },
  {
    type: 'types-activite-agricole', label: "Types d'activité agricole", categorie: 'Association',
    load: () => simple([['Culture', 'Culture'], ['Elevage', 'Élevage'], ['Autre', 'Autre']]),
  },
  {
    type: 'motifs-association', label: 'Motifs de la demande de SIRET', categorie: 'Demande',
    load: () => simple([
      ['association-employeur', 'Association employeur'],
      ['association-redevable', "Association redevable d'impôts"],
      ['association-subvention', 'Association demandant une subvention'],
    ]),
  },
  {
    type: 'decisions-cec', label: "Décisions du compte d'engagement citoyen", categorie: 'CEC',
    load: () => simple([
      ['attente', 'En attente de décision'],
      ['validee', 'Validée'],
      ['refusee', 'Refusée'],
      ['non-traitee', 'Non traitée'],
    ]),
  },
  {
    // The approval types (docs/domain.md « Agréments »): the catalogue's type_agrement is one of these
    // values; meta.categorie is the category the spec reads « via type referential ».
    type: 'types-agrement', label: "Types d'agrément", categorie: 'Agrément',
    load: () => [
      { value: 'JEP', label: 'Jeunesse et éducation populaire', meta: { categorie: 'Jeunesse' } },
      { value: 'Sport', label: 'Sport', meta: { categorie: 'Sport' } },
      { value: 'TCA', label: "Tronc commun d'agrément", meta: { categorie: 'Vie associative' } },
      { value: 'ESC', label: 'Engagement de service civique', meta: { categorie: 'Jeunesse' } },
      { value: 'ACEP', label: "Association complémentaire de l'enseignement public", meta: { categorie: 'Éducation' } },
      { value: 'HAA', label: 'Habilitation aide alimentaire', meta: { categorie: 'Solidarité' } },
    ],
  },
];

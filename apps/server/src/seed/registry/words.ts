// Word lists for realistic association names, objects and people (French).

export interface Sport {
  /** "judo", used in "Club de judo". */
  nom: string;
  /** "du judo", used in "promouvoir la pratique du judo". */
  du: string;
  /** Short name for "<Sport> club <commune>" names. */
  club: string;
}

export const SPORTS: readonly Sport[] = [
  { nom: 'judo', du: 'du judo', club: 'Judo' },
  { nom: 'football', du: 'du football', club: 'Football' },
  { nom: 'tennis', du: 'du tennis', club: 'Tennis' },
  { nom: 'tennis de table', du: 'du tennis de table', club: 'Ping-pong' },
  { nom: 'basket-ball', du: 'du basket-ball', club: 'Basket' },
  { nom: 'handball', du: 'du handball', club: 'Handball' },
  { nom: 'rugby', du: 'du rugby', club: 'Rugby' },
  { nom: 'volley-ball', du: 'du volley-ball', club: 'Volley' },
  { nom: 'natation', du: 'de la natation', club: 'Natation' },
  { nom: 'gymnastique', du: 'de la gymnastique', club: 'Gym' },
  { nom: 'pétanque', du: 'de la pétanque', club: 'Pétanque' },
  { nom: 'cyclisme', du: 'du cyclisme', club: 'Vélo' },
  { nom: 'athlétisme', du: "de l'athlétisme", club: 'Athlétic' },
  { nom: 'badminton', du: 'du badminton', club: 'Badminton' },
  { nom: 'karaté', du: 'du karaté', club: 'Karaté' },
  { nom: 'escrime', du: "de l'escrime", club: 'Escrime' },
  { nom: 'aviron', du: "de l'aviron", club: 'Aviron' },
  { nom: 'canoë-kayak', du: 'du canoë-kayak', club: 'Canoë-kayak' },
  { nom: 'randonnée pédestre', du: 'de la randonnée pédestre', club: 'Randonneurs' },
  { nom: 'équitation', du: "de l'équitation", club: 'Équitation' },
  { nom: 'tir à l’arc', du: 'du tir à l’arc', club: 'Archers' },
  { nom: 'échecs', du: 'des échecs', club: 'Échiquier' },
  { nom: 'escalade', du: "de l'escalade", club: 'Escalade' },
  { nom: 'boxe', du: 'de la boxe', club: 'Boxing' },
  { nom: 'yoga', du: 'du yoga', club: 'Yoga' },
  { nom: 'danse', du: 'de la danse', club: 'Danse' },
  { nom: 'voile', du: 'de la voile', club: 'Voile' },
  { nom: 'golf', du: 'du golf', club: 'Golf' },
  { nom: 'taekwondo', du: 'du taekwondo', club: 'Taekwondo' },
  { nom: 'twirling bâton', du: 'du twirling bâton', club: 'Twirling' },
];

export const SCHOOLS = [
  'Jules Ferry', 'Jean Jaurès', 'Victor Hugo', 'Louis Pasteur', 'Jean Moulin', 'Marie Curie', 'Jacques Prévert',
  'Paul Bert', 'Jean de La Fontaine', 'Anatole France', 'Georges Brassens', 'Simone Veil', 'Antoine de Saint-Exupéry',
  'Condorcet', 'Les Tilleuls', 'Les Marronniers', 'du Centre', 'Pierre et Marie Curie', 'Albert Camus', 'Louise Michel',
];

export const SAINTS = ['Martin', 'Pierre', 'Jean-Baptiste', 'Étienne', 'Nicolas', 'Germain', 'Rémi', 'Laurent', 'Michel', 'Éloi'];

export const AMIS_OF = [
  'la bibliothèque', "l'orgue", 'du patrimoine', 'du vieux bourg', 'du musée', 'des jardins', 'de la chapelle',
  'du moulin', 'du château', 'des arts', 'de la nature', 'des animaux', 'du lavoir', 'de la forêt',
];

export const CULTURE = [
  'Harmonie municipale', 'Chorale', 'Ensemble vocal', 'Compagnie théâtrale', 'Ciné-club', "Atelier d'arts plastiques",
  'École de musique', 'Société historique', 'Club photo', 'Les Baladins', 'Université du temps libre',
];

export const SOCIAL = [
  'Club des aînés', 'Amicale laïque', 'Amicale des sapeurs-pompiers', 'Foyer rural', 'Maison des jeunes et de la culture',
  'Association familiale', 'Secours solidaire', 'Épicerie solidaire', 'Jardins partagés', 'Association des commerçants',
  'Société de chasse', 'Association de pêche', 'Comité de jumelage', 'Association des anciens combattants',
];

export const FIRST_NAMES: readonly [string, 'M.' | 'Mme'][] = [
  ['Camille', 'Mme'], ['Marie', 'Mme'], ['Nathalie', 'Mme'], ['Isabelle', 'Mme'], ['Sophie', 'Mme'], ['Léa', 'Mme'],
  ['Chantal', 'Mme'], ['Catherine', 'Mme'], ['Sylvie', 'Mme'], ['Amina', 'Mme'], ['Inès', 'Mme'], ['Claire', 'Mme'],
  ['Françoise', 'Mme'], ['Hélène', 'Mme'], ['Manon', 'Mme'], ['Émilie', 'Mme'], ['Fatima', 'Mme'], ['Julie', 'Mme'],
  ['Jean', 'M.'], ['Pierre', 'M.'], ['Michel', 'M.'], ['Philippe', 'M.'], ['Alain', 'M.'], ['Nicolas', 'M.'],
  ['Karim', 'M.'], ['Thomas', 'M.'], ['Julien', 'M.'], ['François', 'M.'], ['Éric', 'M.'], ['Hugo', 'M.'],
  ['Mohamed', 'M.'], ['Patrick', 'M.'], ['Christophe', 'M.'], ['Olivier', 'M.'], ['Gérard', 'M.'], ['Lucas', 'M.'],
];

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon',
  'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard',
  'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand', 'Garnier', 'Faure',
  'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin', 'Morin', 'Mathieu', 'Clément',
  'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson', 'Benali', 'Nguyen', 'Haddad', 'Le Gall',
];

export const STREET_TYPES = ['rue', 'rue', 'rue', 'avenue', 'place', 'chemin', 'boulevard', 'allée', 'impasse', 'route'];
export const STREET_NAMES = [
  'de la Mairie', 'de l’Église', 'Victor Hugo', 'Jean Jaurès', 'du Général de Gaulle', 'de la République', 'des Écoles',
  'Pasteur', 'du Stade', 'de la Gare', 'des Tilleuls', 'du Moulin', 'de la Paix', 'Gambetta', 'des Lilas', 'du Château',
  'de Verdun', 'Jean Moulin', 'des Jardins', 'du 8 Mai 1945', 'de la Libération', 'Carnot', 'des Acacias', 'Principale',
];

export const FONCTIONS = ['Président', 'Trésorier', 'Secrétaire'] as const;

/** Real French bank and branch codes with the bank's BIC. */
export const BANKS = [
  { code: '30004', nom: 'BNP Paribas', bic: 'BNPAFRPPXXX' },
  { code: '30003', nom: 'Société Générale', bic: 'SOGEFRPPXXX' },
  { code: '30002', nom: 'LCL', bic: 'CRLYFRPPXXX' },
  { code: '20041', nom: 'La Banque Postale', bic: 'PSSTFRPPXXX' },
  { code: '10278', nom: 'Crédit Mutuel', bic: 'CMCIFR2AXXX' },
  { code: '30066', nom: 'CIC', bic: 'CMCIFRPPXXX' },
  { code: '42559', nom: 'Crédit Coopératif', bic: 'CCOPFRPPXXX' },
  { code: '16606', nom: 'Crédit Agricole Normandie', bic: 'AGRIFRPP866' },
  { code: '11315', nom: 'Caisse d’Épargne CEPAC', bic: 'CEPAFRPP131' },
  { code: '10207', nom: 'Banque Populaire Rives de Paris', bic: 'CCBPFRPPMTG' },
] as const;

export const DOMAINES = ['Sport', 'Culture', 'Loisirs', 'Action sociale', 'Éducation', 'Environnement', 'Patrimoine', 'Vie locale'] as const;

// Food aid's messages (haa.ts): apart from the schemas, so that the error catalogue reads them
// without loading the food-aid schemas.
// §8 for the missing identifiers; the others say the rule they enforce.
export const HAA_MESSAGES = {
  /** §8: food-aid calls need the association's SIREN. */
  sirenMissing: 'Le numéro siren est manquant',
  /** §8: the address list is asked by postcode. */
  postcodeMissing: 'Le code postal est manquant',
  siteIdMissing: "L'identifiant du site est manquant",
  adresseIdMissing: "L'identifiant de l'adresse est manquant",
  siteNotFound: "Ce site d'aide alimentaire n'existe pas.",
  adresseNotFound: "Cette adresse n'existe pas.",
  adresseInUse: (count: number) =>
    `Cette adresse est celle de ${count} site${count > 1 ? 's' : ''} d'aide alimentaire : changez l'adresse de ${count > 1 ? 'ces sites' : 'ce site'} ou supprimez-${count > 1 ? 'les' : 'le'} avant de supprimer l'adresse.`,
  fixedSiteNeedsAdresse: "Un site fixe (non itinérant) doit avoir une adresse.",
  membreSiretRequired: "Choisissez l'établissement qui tient ce site.",
  membreSiretNotInAssociation: "Cet établissement n'est pas un établissement actif de l'association.",
  membreReseauRequired: 'Choisissez le membre du réseau qui tient ce site.',
  membreReseauNotMember: "Cette association n'est pas membre du réseau de l'association.",
  membreOfOtherType: (type: string) => `Ce champ ne s'applique pas à un site tenu par un membre de type « ${type} ».`,
  responsableNotInAssociation: "Ce responsable n'est pas un représentant de l'association.",
  dayTwice: (jour: string) => `Le ${jour} est indiqué deux fois : regroupez ses plages horaires.`,
  rangeEndBeforeStart: "L'heure de fin doit être postérieure à l'heure de début.",
  rangesOverlap: 'Les plages horaires d’un même jour ne doivent pas se chevaucher.',
  periodEndBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début.',
  periodsOverlap: 'Les périodes de fermeture ne doivent pas se chevaucher.',
  siteDeleted: "Le site d'aide alimentaire a été supprimé.",
  adresseDeleted: "L'adresse a été supprimée.",
} as const;


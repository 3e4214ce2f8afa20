// The association file's and membership's French messages, apart from the shared catalogue (messages.ts):
// only the pages and services of the association file load them.
/** The association file's messages (docs/domain.md « Données », « Champs »). */
export const ASSOCIATION_FILE_MESSAGES = {
  duplicateRib: 'Ce RIB existe déjà pour cet établissement.',
  onlyWhen: (label: string, condition: string) => `Le champ ${label} n'est autorisé que ${condition}.`,
  requiredWhen: (label: string, condition: string) => `Le champ ${label} est obligatoire ${condition}.`,
  notModifiable: (key: string) => `Le champ ${key} n'est pas modifiable.`,
  siretNotInAssociation: "L'établissement indiqué n'appartient pas à cette association.",
  associationRequiresSiret: "Veuillez choisir l'établissement de l'association.",
  budgetExists: (annee: number) => `Un budget existe déjà pour l'année ${annee}.`,
  yearOutOfRange: (min: number, max: number) => `L'année doit être comprise entre ${min} et ${max}.`,
  wholeEuros: (label: string) => `Le champ ${label} doit être un montant en euros, sans centimes.`,
  nonNegativeInteger: (label: string) => `Le champ ${label} doit être un nombre entier positif ou nul.`,
  twoDecimals: (label: string) => `Le champ ${label} doit être un nombre positif ou nul avec au plus 2 décimales.`,
  resultatInconsistent: (expected: number) =>
    `Le résultat doit être égal aux produits moins les charges (${expected} €).`,
  compteExists: (annee: number) => `Les comptes de l'année ${annee} existent déjà.`,
  rhExists: (annee: number) => `Les effectifs de l'année ${annee} existent déjà pour cet établissement.`,
  adherentsSplitTooLarge: "La somme des adhérents femmes et hommes ne peut pas dépasser le nombre d'adhérents.",
  licenciesSplitTooLarge: 'La somme des licenciés femmes et hommes ne peut pas dépasser le nombre de licenciés.',
  validiteBeforeAttribution: "La date de validité ne peut pas être antérieure à la date d'attribution.",
  reseauExists: "L'association est déjà affiliée à ce réseau.",
  selfAffiliation: "Une association ne peut pas s'affilier à elle-même.",
  parentAssociationNotFound: "L'association tête de réseau est introuvable.",
  unknownFileKeys: (keys: string, allowed: string) => `Clé(s) inconnue(s) : ${keys}. Clés possibles : ${allowed}.`,
  includeDeletedAdminOnly: 'Seul un administrateur peut consulter les éléments supprimés.',
} as const;

/** Joining and leaving an association: confirmations, reports and daily limits (issue 7 §3). */
export const MEMBERSHIP_MESSAGES = {
  associationJoined: "Vous êtes rattaché(e) à l'association.",
  associationLeft: 'Vous avez quitté toutes vos associations.',
  notLinkedToAssociation: "Vous n'êtes pas rattaché(e) à cette association.",
  joinNotificationSent: 'Les représentants légaux de l’association ont été informés de votre rattachement.',
  joinsPerDayReached: (max: number) =>
    `Vous avez atteint le nombre maximal de rattachements pour aujourd'hui (${max}). Veuillez réessayer demain.`,
  joinNotificationsPerDayReached:
    "Cette association a reçu trop de demandes de rattachement aujourd'hui. Veuillez réessayer demain ou contacter l'assistance.",
  representantsLimitReached: (max: number) => `Une association ne peut pas avoir plus de ${max} représentants légaux.`,
  memberReported:
    "Merci de votre signalement. La personne a été détachée de l'association ; elle en a été informée et le détachement est inscrit au journal des modifications.",
} as const;

// The French texts of the CEC declarations (compte d'engagement citoyen) and of the missions, read by
// the error catalogue (errors.ts) and the client.
export const CEC_MESSAGES = {
  notValidator:
    "Seuls les valideurs CEC de l'association (représentants légaux désignés, avec votre adresse électronique) peuvent consulter et décider de ses déclarations.",
  declarationNotFound: "Cette déclaration n'existe pas ou ne vous est pas adressée.",
  alreadyDecided: 'Une décision a déjà été prise sur cette déclaration.',
  sessionClosed: "Cette déclaration appartient à une session close : elle ne peut plus recevoir de décision.",
  noCurrentSession: "Aucune session de validation du compte d'engagement citoyen n'est ouverte.",
  reasonRequired: 'Le motif du refus est obligatoire.',
  reasonOnlyForRefusal: "Un motif ne s'indique que pour un refus.",
  unknownReason: 'Motif de refus inconnu.',
  badDecision: 'La décision doit être « Validée » ou « Refusée ».',
  missionsFailed: 'Un problème est survenu lors de la récupération des missions.',
} as const;

// The approvals' texts (spec §8 « Approvals »; docs/domain.md « Agréments »).

export const APPROVAL_MESSAGES = {
  /** §8: every failure of the catalogue's writes starts with this sentence. */
  catalogueProblem: "Un problème est survenu lors de la création de l'agrément.",
  /** §5 « Approval creation needs the agrément's service found ». */
  serviceUnknown: "Un problème est survenu lors de la création de l'agrément : le service instructeur de l'agrément est introuvable.",
  typeUnknown: (type: string) => `Un problème est survenu lors de la création de l'agrément : le type d'agrément « ${type} » n'existe pas.`,
  codeTaken: "Un problème est survenu lors de la création de l'agrément : un agrément porte déjà ce code pour cette campagne.",
  notFound: "L'élément n'existe pas.",
  inUse: "Un problème est survenu lors de la création de l'agrément : des dossiers de demande utilisent cet agrément, il ne peut pas être supprimé.",
  outOfReach: "Un problème est survenu lors de la création de l'agrément : ce service instructeur n'est pas dans votre périmètre d'administration.",
  deleted: "L'agrément a été supprimé.",
  /** §8. */
  inactive: "L'agrément n'est pas actif.",
};

/** The approval dossiers' texts (spec §8). */
export const APPROVAL_DOSSIER_MESSAGES = {
  /** §6, §8: an approval request is not possible for a secondary establishment. */
  secondaryEstablishment:
    "Une demande d'agrément n'est pas possible pour un établissement secondaire : veuillez contacter le siège de l'association.",
  /** §8: an approval is already covered through the network head. */
  coveredByNetwork: (reseau: string) => `Cet agrément est déjà couvert par la tête de réseau « ${reseau} » : la demande doit être faite par elle.`,
  /** §8: approval order needed for a JEP or Sport approval. */
  orderRequired: "L'arrêté d'agrément est obligatoire pour un agrément Jeunesse et éducation populaire ou Sport : veuillez le joindre au dossier.",
  notComplete: "Le dossier doit être complet pour être transmis : veuillez vérifier que tous les champs sont correctement renseignés.",
  missingDocument: (label: string) => `Le document « ${label} » est obligatoire : veuillez le joindre au dossier.`,
  missingField: (label: string) => `Le champ « ${label} » est obligatoire.`,
  haaOnly: "Le bloc aide alimentaire ne concerne que l'habilitation aide alimentaire (HAA).",
  /** The association's food-aid sites are read through a food-aid (HAA) dossier only. */
  sitesHaaOnly: "Les sites d'aide alimentaire ne se consultent que dans une demande d'habilitation aide alimentaire (HAA).",
  refusalReason: "Indiquez le motif du refus de l'agrément.",
  agrementMismatch: "Le type ou le service instructeur ne correspondent pas à l'agrément choisi.",
  exists: "Un dossier de demande de cet agrément existe déjà pour cette association.",
  /** A service creates a dossier only for an approval it instructs (its own service, or one below it with an administrator profile). */
  serviceNotInstructing: "Votre service n'instruit pas cet agrément : il ne peut pas en créer de dossier.",
  /** Spec §6: removal on the service side, of a dossier a service created, in its first state. */
  notDeletable: "Ce dossier ne peut être supprimé que par le service qui l'a créé, tant qu'il est à l'état Brouillon.",
  deleted: 'Le dossier a été supprimé.',
  /** A withdrawn dossier is still consulted (spec §4), never changed. */
  withdrawn: "Ce dossier a été supprimé par le service qui l'avait créé : il reste consultable, sans modification.",
};

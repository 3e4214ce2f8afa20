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

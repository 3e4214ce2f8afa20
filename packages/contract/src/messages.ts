// User-facing French messages (docs/domain.md « Champs », « Erreurs et messages »). Client and server show the same words.
import { ASSOCIATION_SEARCH, PASSWORD_MIN_LENGTH } from './limits.ts';

export const MESSAGES = {
  // HTTP mapping (docs/domain.md « Erreurs et messages »)
  http502: 'Une erreur serveur est survenue.',
  http413: 'La taille du fichier ne doit excéder 15MO.',
  http400: "Un problème est survenu lors de l'envoi de la requête au serveur.",
  http404: "La ressource demandé n'a pas été trouvée.",
  httpEmpty: 'Un problème est survenu.',
  serverError: 'Une erreur serveur est survenue.',
  invalidForm: 'Veuillez vérifier que tous les champs sont correctement renseignés.',
  forbidden: "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
  unauthenticated: 'Vous devez être connecté pour accéder à cette ressource.',
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
  databaseUnavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',

  // Session and account (docs/domain.md « Erreurs et messages »)
  sessionExpired: 'Votre session est expirée, veuillez vous reconnecter.',
  tokenExpired: 'Le token est expiré',
  invalidToken: "Le lien utilisé n'est pas valide ou a déjà été utilisé.",
  userNotFound: "Cet utilisateur n'existe pas",
  userLocked: "L'utilisateur a été désactivé. veuiller contacter un administrateur pour le réactiver",
  userDataFallback: "Un problème est survenu lors de la récupération des données de l'utilisateur !",
  userInfoError: "Une erreur est survenue lors de la récupération des informations de l'utilisateur.",
  alreadyAssociationAccount: 'Ce compte est déjà un compte association.',
  emailAlreadyLinked:
    'Cette adresse e-mail est peut-être déjà liée à un compte existant. Connectez-vous ou utilisez « Mot de passe oublié ».',
  badCredentials: 'Identifiant ou mot de passe incorrect.',
  // Agents' sign-in with ProConnect (docs/security.md « ProConnect »)
  proconnectOff: "La connexion avec ProConnect n'est pas proposée sur ce portail.",
  proconnectFailed:
    "La connexion avec ProConnect n'a pas abouti. Recommencez depuis la page de connexion, ou connectez-vous avec votre adresse électronique et votre mot de passe.",
  proconnectNoAgentAccount:
    "Aucun compte d'agent de ce portail ne correspond à l'adresse électronique de votre compte ProConnect. La connexion avec ProConnect est réservée aux agents des services instructeurs et aux administrateurs déjà inscrits : demandez à l'administrateur de votre service de créer votre compte avec cette adresse.",
  proconnectUnavailable:
    'ProConnect ne répond pas pour le moment. Réessayez dans quelques instants, ou connectez-vous avec votre adresse électronique et votre mot de passe.',
  accountNotValidated:
    "Votre adresse e-mail n'a pas encore été validée. Consultez le courriel de validation qui vous a été envoyé.",
  /** The wait after repeated failed sign-ins: seconds, or whole minutes from one minute on. */
  tooManyLoginAttempts: (seconds: number) => {
    const [amount, unit] = seconds < 60 ? [seconds, 'seconde'] : [Math.ceil(seconds / 60), 'minute'];
    return `Trop de tentatives de connexion infructueuses. Veuillez réessayer dans ${amount} ${unit}${amount > 1 ? 's' : ''}.`;
  },
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas.',
  wrongOldPassword: "L'ancien mot de passe est incorrect.",
  samePassword: "Le nouveau mot de passe doit être différent de l'ancien.",
  nothingToUpdate: 'Nothing to update.',
  noChangeDetected: "Aucun changement n'a été détécté.",
  forgotPasswordSent:
    'Si un compte existe pour cette adresse, un courriel contenant un lien de réinitialisation vient de lui être envoyé.',
  validationMailSent:
    'Si un compte non validé existe pour cette adresse, un courriel de validation vient de lui être envoyé.',
  accountValidated: 'Votre adresse e-mail est validée. Vous pouvez vous connecter.',
  passwordChanged: 'Votre mot de passe a été modifié.',
  emailNotValidated:
    "Votre adresse électronique n'est pas encore validée : ouvrez le lien reçu par courriel pour activer votre compte.",
  passwordChangeRequired:
    'Vous devez modifier votre mot de passe avant de continuer : choisissez un nouveau mot de passe.',
  currentPasswordRequired: 'Pour changer d’adresse électronique, saisissez votre mot de passe actuel.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  emailChangePending: (email: string) =>
    `Un courriel de validation a été envoyé à ${email} : la nouvelle adresse remplacera l'actuelle dès que vous aurez ouvert son lien.`,
  loggedOut: 'Vous êtes déconnecté.',
  mailSent: 'Votre message a bien été envoyé.',
  documentDeleted: 'Le document a été supprimé.',
  exerciceEndBeforeStart: 'La fin de l’exercice doit être postérieure à son début.',
  mailRecipientNotAllowed: "Ce destinataire n'est pas autorisé.",

  // Field rules (docs/domain.md « Champs »)
  required: (label: string) => `Le champ ${label} est obligatoire.`,
  badFormat: (label: string) => `La valeur du champ ${label} n'est pas au bon format.`,
  exactLength: (label: string, n: number) => `Le champ ${label} doit contenir exactement ${n} caractère(s).`,
  maxLength: (label: string, n: number) => `Le champ ${label} ne doit pas contenir plus de ${n} caractère(s).`,
  maxItems: (label: string, n: number) => `La liste ${label} ne doit pas contenir plus de ${n} élément(s).`,
  minLength: (label: string, n: number) => `Le champ ${label} doit contenir au moins ${n} caractère(s).`,
  pleaseFill: (label: string) => `Veuillez renseigner le champ ${label}.`,
  passwordRule:
    `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères dont une majuscule, une minuscule, un chiffre et un caractère spécial.`,
  requiredCheckbox: 'Au moins une case doit être cochée.',
  /** §5 free text: the message lists the special characters allowed. */
  allowedCharacters: (label: string, specials: string) =>
    `Le champ ${label} contient des caractères non autorisés. Caractères autorisés : lettres, chiffres, espaces et ${specials}`,
  unknownAnswer: (code: string) => `« ${code} » n'est ni une question posée ni un champ attendu de ce dossier.`,
  answeredTwice: (label: string) => `Le champ ${label} est renseigné deux fois.`,

  // The association named by a call (association-link.ts); the file's own messages: ASSOCIATION_FILE_MESSAGES
  missingAssociationId: "L'identifiant association est manquant",

  // Pages
  pageNotFoundTitle: 'Page non trouvée',
  pageNotFoundText: "La page que vous cherchez est introuvable ou n'a jamais existé.",
  genericErrorTitle: "Une erreur s'est produite",
} as const;

/** The association registry search's messages (association-search.ts). */
export const SEARCH_MESSAGES = {
  termRequired: 'Veuillez saisir un nom, un numéro RNA, SIREN ou SIRET.',
  termTooShort: `Veuillez saisir au moins ${ASSOCIATION_SEARCH.minLength} caractères pour rechercher une association.`,
  termTooLong: `La recherche ne doit pas contenir plus de ${ASSOCIATION_SEARCH.maxLength} caractères.`,
  badPage: 'Le numéro de page doit être un entier supérieur ou égal à 1.',
  badLimit: `Le nombre de résultats par page doit être un entier entre 1 et ${ASSOCIATION_SEARCH.maxLimit}.`,
  beyondCap: `Seuls les ${ASSOCIATION_SEARCH.countCap} premiers résultats sont consultables : veuillez préciser votre recherche.`,
} as const;

/** The referentials' messages (referentiels.ts). */
export const REFERENTIEL_MESSAGES = {
  missingType: 'Missing "type" argument.',
  notFound: (type: string) => `Le référentiel « ${type} » n'existe pas.`,
  notFoundById: "Ce référentiel n'existe pas.",
  duplicateValue: (value: string) => `La valeur « ${value} » apparaît plusieurs fois dans les options.`,
  noChange: MESSAGES.noChangeDetected,
} as const;

/** The outside lookups' messages (external-lookups.ts): INSEE's notice of a company's registration. */
export const EXTERNAL_LOOKUP_MESSAGES = {
  sireneNoticeNotFound: "L'INSEE ne délivre pas d'avis de situation pour ce SIREN : vérifiez le numéro.",
  sireneNoticeFailed: "Le service de l'INSEE n'a pas pu délivrer l'avis de situation. Veuillez réessayer plus tard.",
  sireneNoticeUnavailable: "Le service de l'INSEE qui délivre les avis de situation ne répond pas pour le moment. Veuillez réessayer plus tard.",
} as const;

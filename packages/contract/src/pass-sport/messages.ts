// French messages of Pass'Sport (docs/domain.md « Pass'Sport »): the specification's texts where
// it gives them (§8), ours otherwise. Imports nothing, so errors.ts may read it.
export const PASS_SPORT_MESSAGES = {
  /** §8, word for word: the toast when POST /dossiers finds the structure's dossier. */
  existing: 'Un dossier existe déjà pour cet établissement et a été récupéré avec succès.',
  /** §8, word for word: the toast when POST /dossiers creates it. */
  created: "Le dossier d'inscription a bien été créé !",
  /** A code that does not follow YY-XXXX-XXXX (§5, the example of §8). */
  invalidCode: "Le code Pass'Sport n'est pas valide : il s'écrit sous la forme 24-XXXX-XXXX (deux chiffres de l'exercice, puis deux fois quatre lettres, sans I ni O).",
  codeUnknown: (code: string) => `Le numéro Pass'Sport ${code} n'existe pas.`,
  alreadyRegistered: (code: string) => `Le bénéficiaire ${code} est déjà inscrit.`,
  federationHasInscriptions: (nom: string) => `La fédération ${nom} ne peut pas être supprimée : des inscriptions y sont rattachées.`,
  registrationsClosed: (annee: number) => `Les inscriptions de l'exercice ${annee} sont closes : aucune nouvelle inscription n'est possible.`,
  registrationsNotOpen: (annee: number) => `Les inscriptions de l'exercice ${annee} ne sont pas encore ouvertes.`,
  notEligible:
    "Le Pass'Sport nécessite une affiliation à une fédération sportive agréée ou un agrément éligible (agrément Sport) : ajoutez-la au dossier de l'association.",
  certificateMissing: (nom: string) =>
    `Une attestation d'affiliation est nécessaire pour chaque fédération : déposez celle de ${nom} (une attestation d'un exercice précédent est acceptée).`,
  /** §5 « Federation SIREN required », word for word: the federation a certificate is for, when none is chosen. */
  federationSirenRequired:
    'Le champ est obligatoire. Vous devez déclarer les Fédérations sportives auxquelles votre association est affiliée dans les informations administratives de votre association.',
  /** The toast once a certificate is filed. */
  certificateUploaded: (nom: string, annee: number) => `L'attestation d'affiliation (${nom}, exercice ${annee}) a été déposée.`,
  federationUnknown: "La fédération choisie n'est pas l'une de celles du dossier.",
  notAccessible: "Le dossier Pass'Sport n'est pas accessible ou n'existe pas.",
  notEditable: "Le dossier Pass'Sport n'est plus modifiable dans son état actuel.",
  inscriptionNotFound: "L'inscription n'existe pas dans ce dossier.",
  inscriptionRemoved: "L'inscription a déjà été supprimée.",
  exerciseUnknown: "L'exercice n'existe pas.",
  exerciseExists: (annee: number) => `L'exercice ${annee} existe déjà.`,
  exerciseDates: "La date de clôture de l'exercice doit suivre sa date d'ouverture.",
  notShareable: "Le dossier ne peut être partagé qu'avec des membres de l'association.",
  ribNotOfStructure: "Le RIB choisi n'est pas un RIB de l'établissement.",
  /** Client toasts when a call fails (spec §8, « Un problème est survenu lors de … »). */
  failure: {
    fetch: 'Un problème est survenu lors de la récupération du dossier Pass’Sport.',
    create: 'Un problème est survenu lors de la création du dossier Pass’Sport.',
    inscription: "Un problème est survenu lors de l'inscription.",
    pdf: 'Un problème est survenu lors de la génération du PDF.',
  },
} as const;

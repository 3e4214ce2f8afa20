// French messages of the financial reports (docs/domain.md « Comptes rendus financiers »): the
// specification's texts where it gives them, ours otherwise. Imports nothing, so errors.ts may read it.
export const CRF_MESSAGES = {
  /** The info toast of `POST …/crf`. */
  cloned: (exercice: number) => `Le compte rendu financier de l'exercice ${exercice} a été créé à partir des données du dossier.`,
  fetched: (exercice: number) => `Le compte rendu financier de l'exercice ${exercice} a été récupéré.`,
  transmitted: 'Le compte rendu financier a été transmis au service instructeur.',
  sentBack: "Le compte rendu financier a été renvoyé à l'association.",
  received: 'Le compte rendu financier a été reçu par le service instructeur.',
  /** The spec's « n'a pas été transmis » reminder (§8), on the dashboard's list of missing reports. */
  notTransmitted: (exercice: number) => `Le compte rendu financier de l'exercice ${exercice} n'a pas été transmis : cliquez sur « Transmettre » une fois saisi.`,
  /** Client toasts when a call fails (spec §8, « Un problème est survenu lors de … »). */
  failure: {
    create: 'Un problème est survenu lors de la création du compte rendu financier.',
    update: 'Un problème est survenu lors de la mise à jour du compte rendu financier.',
    fetch: 'Un problème est survenu lors de la récupération du compte rendu financier.',
    transmit: 'Un problème est survenu lors de la transmission du compte rendu financier.',
    pdf: 'Un problème est survenu lors de la génération du PDF du compte rendu financier.',
  },
  /** Catalogue texts (errors.ts). The spec's « Dossier Crf not found », in French. */
  notFound: "Le compte rendu financier n'existe pas.",
  notEditable: "Ce compte rendu financier n'est pas modifiable : il a été transmis au service instructeur.",
  notGranted: "Aucune subvention n'a été accordée sur ce dossier : il n'a pas de compte rendu financier.",
  exerciceOutOfDossier: (from: number, to: number) =>
    from === to ? `Le compte rendu financier porte sur l'exercice du dossier : ${from}.` : `Le compte rendu financier porte sur un exercice du dossier : de ${from} à ${to}.`,
  notTransmittable: (missing: readonly string[]) => `Le compte rendu financier ne peut pas être transmis, il manque : ${missing.join(', ')}.`,
  /** What transmission needs, named in the list above. */
  missing: {
    attestation: 'l’attestation sur l’honneur',
    isRealised: 'la réponse « action réalisée »',
    montantRealise: (annee: number, intitule: string) => `le montant réalisé (${intitule}, ${annee})`,
    comptesAnnuels: 'les comptes annuels',
    rapportActivite: "le rapport d'activité",
    pouvoir: 'le pouvoir du représentant légal au signataire',
    signataire: 'le signataire',
  },
  comptesYear: (years: readonly number[]) => `Les comptes annuels joints sont ceux de l'année ${years.join(' ou ')}.`,
  anneeValiditeOnlyForComptes: "L'année de validité ne se donne que pour les comptes annuels.",
  projetNotInCrf: "Ce projet n'est pas dans le compte rendu financier.",
  lineNotOfProjet: (annee: number) => `Aucune ligne de financement de ce projet pour l'année ${annee} et ce service instructeur.`,
} as const;

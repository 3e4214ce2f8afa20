// French messages of the subsidy dossiers (docs/domain.md « Dossiers de subvention »): the
// specification's texts where it gives them, ours otherwise. Imports only the limits (which import
// nothing), so errors.ts and the subsidy rules may both read it.
import { DOSSIER_LIMITS } from '../limits.ts';

export const SUBSIDY_MESSAGES = {
  dossierNotFound: "Le dossier n'existe pas.",
  projetNotFound: "Le projet n'existe pas.",
  subventionNotFound: "La subvention n'existe pas.",
  subventionInactive: "La subvention n'est pas active.",
  /** Wizard step 3 (spec §4). */
  dossierIncomplete: "Le dossier doit être complet pour passer à l'étape suivante.",
  dossierNotEditable: "Ce dossier n'est pas éditable.",
  /** Wizard step 1, when the scheme expects the RIB's copy (spec: select a RIB and attach its scan). */
  ribScanRequired: 'Sélectionnez un RIB et joignez sa copie (relevé d’identité bancaire numérisé).',
  documentInDossier: "Ce document est joint à un dossier de demande de subvention : retirez-le du dossier avant de le supprimer.",
  dossierExists: 'Un dossier existe déjà pour cette subvention, ce sous-dispositif et cet exercice.',
  noProjectMatches: 'Aucun projet ne correspond aux critères fournis.',
  projectLimit: `Un dossier compte au plus ${DOSSIER_LIMITS.projetsPerDossier} projets.`,
  projectLimitCnds: (sousDispositif: string) =>
    `Le sous-dispositif « ${sousDispositif} » n'admet qu'un seul projet par dossier.`,
  notTransmittable: (missing: readonly string[]) =>
    `Le dossier ne peut pas être transmis, il manque : ${missing.join(', ')}.`,
  // Project checks (spec §5)
  recrutementNbEtptRequired: "Le nombre d'ETPT recrutés est obligatoire quand le projet prévoit un recrutement spécifique.",
  evaluationCommentaireRequired: "Le commentaire de l'évaluation est obligatoire quand aucun indicateur n'est renseigné.",
  indicateurRangs: 'Les indicateurs doivent être numérotés à partir de 1, sans trou ni doublon.',
  indicateurBounds: (rang: number) => `Indicateur ${rang} : le minimum et le maximum sont obligatoires et le minimum ne doit pas dépasser le maximum.`,
  indicateurIntitule: (rang: number) => `Indicateur ${rang} : l'intitulé est obligatoire.`,
} as const;

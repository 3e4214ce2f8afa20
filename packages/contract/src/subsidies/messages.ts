// French messages of the subsidy dossiers (docs/domain.md « Dossiers de subvention »): the
// specification's texts where it gives them, ours otherwise. Imports only the limits (which import
// nothing), so errors.ts and the subsidy rules may both read it.
import { DOSSIER_LIMITS, WORKLIST_LIMITS } from '../limits.ts';

/** A list named in French: « a », « a et b », « a, b et c ». */
const frenchList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`);
const named = (one: string, many: string, codes: readonly string[]) =>
  codes.length === 0 ? [] : [codes.length === 1 ? `${one} ${codes[0]}` : `${many} ${frenchList(codes)}`];

/** The administration of instructing services (/administration/rds). */
export const SERVICE_ADMIN_MESSAGES = {
  parentCycle: (nom: string) =>
    `Un service ne peut pas être rattaché à lui-même ni à l’un des services qui dépendent de lui (« ${nom} ») : cela créerait une boucle dans la hiérarchie.`,
  /** What still links a service to the schemes: the schemes it handles, the campaigns it instructs, the approvals of the catalogue it instructs. */
  hasSchemes: ({ dispositifs, campagnes, agrements }: { dispositifs: readonly string[]; campagnes: readonly string[]; agrements: readonly string[] }) =>
    `Ce service est encore rattaché ${frenchList([
      ...named('au dispositif', 'aux dispositifs', dispositifs),
      ...named('à la campagne', 'aux campagnes', campagnes),
      ...named('à l’agrément', 'aux agréments', agrements),
    ])} : retirez-le de ces dispositifs, campagnes ou agréments avant de le supprimer.`,
  deleted: (nom: string) => `Le service « ${nom} » a été supprimé.`,
};

export const SUBSIDY_MESSAGES = {
  /** The instructing services' work list (worklist-routes.ts). */
  worklistCursorInvalid: 'Le repère de pagination n’est pas valide (liste modifiée ou lien trop ancien) : reprenez la liste depuis la première page.',
  bulkTooMany: (count: number) =>
    `La sélection compte ${count.toLocaleString('fr-FR')} dossiers : une action groupée en traite ${WORKLIST_LIMITS.bulkMax} au plus. Affinez les filtres.`,
  bulkSelection: 'Choisissez des dossiers (ids) ou toute la sélection des filtres (selectAll), pas les deux.',
  bulkPaymentRequired: 'Indiquez la date du paiement et la part du montant accordé à verser sur chaque dossier.',
  bulkEventNotForService: (event: string) => `« ${event} » n’est pas une action du service instructeur.`,
  dossierNotFound: "Le dossier n'existe pas.",
  /** The definitions of expected fields and documents (subsidies' and approvals' catalogues). */
  fieldTypeUnknown: (type: string) =>
    `Le type de réponse « ${type} » n'existe pas : choisissez texte, nombre entier, nombre décimal, oui / non, date, liste de choix, adresse électronique ou adresse web.`,
  documentNatureUnknown: (nature: string) => `La nature « ${nature} » n'est pas un type de document du dossier de l'association (référentiel des types de documents).`,
  instructionNotFound: "Ce service n'instruit pas ce dossier, ou vous n'avez pas accès à son instruction.",
  serviceNotInstructing: "Votre service n'instruit pas cette subvention : il ne peut pas y créer de dossier.",
  actionRefused: (action: string, condition: string) => `L'action « ${action} » n'est pas possible : il faut ${condition}. Rechargez la page pour voir l'état actuel du dossier.`,
  projetNotFound: "Le projet n'existe pas.",
  subventionNotFound: "La subvention n'existe pas.",
  subventionInactive: "La subvention n'est pas active.",
  /** Campaign windows (campaign.ts): a sub-scheme's own dates name it. */
  campaignEnded: (day: string, sousDispositif: string | null) =>
    sousDispositif ? `Le sous-dispositif « ${sousDispositif} » est clos depuis le ${day} : il ne reçoit plus de dossier.` : `La campagne de cette subvention est close depuis le ${day} : elle ne reçoit plus de dossier.`,
  campaignNotYetOpen: (day: string, sousDispositif: string | null) =>
    sousDispositif ? `Le sous-dispositif « ${sousDispositif} » ouvre le ${day} : il ne reçoit pas encore de dossier.` : `La campagne de cette subvention ouvre le ${day} : elle ne reçoit pas encore de dossier.`,
  /** Wizard step 3 (spec §4). */
  dossierIncomplete: "Le dossier doit être complet pour passer à l'étape suivante.",
  endYearOutOfSpan: (allowed: readonly number[]) =>
    allowed.length === 1
      ? `L'année de fin d'un dossier pluriannuel de ce dispositif est ${allowed[0]}.`
      : `L'année de fin d'un dossier pluriannuel doit être ${allowed.join(' ou ')}.`,
  /** The client's refusal before sending, with the directory's label (« Campagne close », « Ouvre le … »). */
  windowClosed: (label: string) => `${label} : aucun dossier ne peut y être déposé aujourd’hui.`,
  exerciceNotCampaign: (campagne: number) => `L'exercice du dossier est celui de la campagne : ${campagne}.`,
  sousDispositifRequired: 'Choisissez un sous-dispositif : cette subvention en propose.',
  invalidAnswer: (label: string) => `une réponse valide au champ « ${label} »`,
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
  projectEndsBeforeStart: 'La date de fin du projet ne peut pas précéder sa date de début.',
  projectOutsidePeriod: (from: number, to: number) =>
    from === to ? `Les dates du projet doivent être comprises dans l'exercice ${from} du dossier.` : `Les dates du projet doivent être comprises entre le 01/01/${from} et le 31/12/${to}, la période du dossier.`,
  financementTwice: (annee: number) => `Deux lignes de financement pour l'année ${annee} et le même service instructeur : une seule est permise.`,
  budgetTwice: (annee: number) => `Deux budgets pour l'année ${annee} : un seul est permis.`,
  recrutementNbEtptRequired: "Le nombre d'ETPT recrutés est obligatoire quand le projet prévoit un recrutement spécifique.",
  evaluationCommentaireRequired: "Le commentaire de l'évaluation est obligatoire quand aucun indicateur n'est renseigné.",
  indicateurRangs: 'Les indicateurs doivent être numérotés à partir de 1, sans trou ni doublon.',
  indicateurBounds: (rang: number) => `Indicateur ${rang} : le minimum et le maximum sont obligatoires et le minimum ne doit pas dépasser le maximum.`,
  indicateurIntitule: (rang: number) => `Indicateur ${rang} : l'intitulé est obligatoire.`,
} as const;

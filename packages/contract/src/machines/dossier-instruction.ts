// Instruction of a subsidy dossier by one instructing service (`instructions[].etat`,
// docs/domain.md « Machines à états »). Codes 3 and 4 are unnamed in the original specification: here they are the committee
// stage between instruction (2) and the decision (6, 11): 3 waits for the committee, 4 holds its
// opinion (docs/domain.md, « Machines à états »).
import { NOTIFICATION_TYPE_IDS } from '../notifications.ts';
import { defineMachine, type Effects } from './machine.ts';
import { allOf, anyOf, ASSOCIATION_SIDE, EITHER_SIDE, fact, SERVICE_SIDE, SERVICE_SIDE_ON_ITS_OWN } from './guards.ts';

export const DOSSIER_STATES = ['A', 'B', 'C', 'D', '2', '3', '4', '6', '7', '8', '9', '10', '11', '12'] as const;
export type DossierState = (typeof DOSSIER_STATES)[number];

/** Wizard steps 0-4 done (docs/domain.md « Machines à états »): the association may transmit. */
export const DOSSIER_COMPLETE = fact('complete', 'le dossier doit être complet');
/** Every CRF of the dossier received by the service: the dossier may be closed. */
/**
 * The campaign of the dossier's subsidy no longer takes dossiers (inactive, or outside its dates or
 * its sub-scheme's: subsidies/campaign.ts): sent back in C, the RIB then changes apart from the wizard.
 */
export const DOSSIER_CAMPAIGN_CLOSED = fact('campaignClosed', 'la subvention ne doit plus être active');
export const DOSSIER_ALL_CRF_RECEIVED = fact('allCrfReceived', 'tous les comptes-rendus financiers doivent être reçus');
/** The dossier's statut is « incomplet » (a service asked for more: spec §3, §4). */
export const DOSSIER_MARKED_INCOMPLETE = fact('markedIncomplete', 'le dossier doit être marqué incomplet');
/** The dossier's statut is « complet »: a service may mark it incomplete. */
export const DOSSIER_MARKED_COMPLETE = fact('markedComplete', 'le dossier ne doit pas être déjà marqué incomplet');
/** The dossier's end exercise is the current year or later (an earlier one counts as past, spec §4). */
export const DOSSIER_EXERCISE_OPEN = fact('exerciseOpen', "l'exercice de fin du dossier ne doit pas être passé");

const toService: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_dossier, mail: ['service'], notifyAudience: ['association'] };
const toAssociation: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_dossier, mail: ['association'] };

export const dossierInstructionMachine = defineMachine({
  name: 'dossier_instruction',
  label: "Instruction d'un dossier de subvention",
  initial: 'A',
  states: {
    A: { label: 'En cours de saisie', editable: true },
    B: { label: 'Supprimé', terminal: true },
    C: { label: 'Renvoyé au compte asso', editable: true },
    D: { label: 'Transmis au service instructeur' },
    '2': { label: "En cours d'instruction" },
    '3': { label: "En attente de l'avis de la commission" },
    '4': { label: 'Avis de la commission rendu' },
    '6': { label: 'Accordé' },
    '7': { label: 'En cours de paiement' },
    '8': { label: 'En cours de paiement (dernier versement)' },
    '9': { label: 'Payé, en attente des comptes-rendus financiers' },
    '10': { label: 'Terminé', terminal: true },
    '11': { label: 'Refusé', terminal: true },
    '12': { label: 'Rejeté', terminal: true },
  },
  events: {
    transmettre: { label: 'Transmettre au service instructeur', from: ['A'], to: 'D', guard: allOf(ASSOCIATION_SIDE, DOSSIER_COMPLETE), effects: toService },
    supprimer: { label: 'Supprimer le dossier', from: ['A', 'C'], to: 'B', guard: anyOf(ASSOCIATION_SIDE, SERVICE_SIDE_ON_ITS_OWN) },
    ouvrir_instruction: { label: "Commencer l'instruction", from: ['D'], to: '2', guard: SERVICE_SIDE, effects: toAssociation },
    renvoyer: { label: 'Renvoyer au compte association pour correction', from: ['D', '2'], to: 'C', guard: SERVICE_SIDE, effects: toAssociation },
    retransmettre: { label: 'Transmettre à nouveau au service instructeur', from: ['C'], to: 'D', guard: allOf(ASSOCIATION_SIDE, DOSSIER_COMPLETE), effects: toService },
    soumettre_commission: { label: 'Présenter à la commission', from: ['2'], to: '3', guard: SERVICE_SIDE },
    enregistrer_avis: { label: "Enregistrer l'avis de la commission", from: ['3'], to: '4', guard: SERVICE_SIDE },
    accorder: { label: 'Accorder la subvention', from: ['2', '4'], to: '6', guard: SERVICE_SIDE, effects: toAssociation },
    refuser: { label: 'Refuser la subvention', from: ['2', '4'], to: '11', guard: SERVICE_SIDE, effects: toAssociation },
    rejeter: { label: 'Rejeter le dossier (irrecevable)', from: ['2'], to: '12', guard: SERVICE_SIDE, effects: toAssociation },
    mettre_en_paiement: { label: 'Mettre en paiement', from: ['6'], to: '7', guard: SERVICE_SIDE, effects: toAssociation },
    poursuivre_paiement: { label: 'Engager le dernier versement', from: ['7'], to: '8', guard: SERVICE_SIDE },
    constater_paiement: { label: 'Constater le paiement', from: ['8'], to: '9', guard: SERVICE_SIDE, effects: toAssociation },
    cloturer: { label: 'Clôturer le dossier', from: ['9'], to: '10', guard: allOf(SERVICE_SIDE, DOSSIER_ALL_CRF_RECEIVED), effects: toAssociation },
  },
  actions: {
    consulter: { label: 'Consulter', in: DOSSIER_STATES, guard: EITHER_SIDE },
    // The original specification lists "edit" for B too; a deleted dossier is not changed any more, so it is left out.
    modifier: { label: 'Modifier', in: ['A', 'C'], guard: ASSOCIATION_SIDE },
    // PUT …/rib, allowed when one instruction offers it (spec §4): in instruction and once granted
    // until the last payment (2, 6, 7, 8), and in C when the subsidy is no longer active. In A, and
    // in C while the campaign is open, the wizard's step 1 changes the RIB.
    changer_rib: { label: 'Changer le RIB', in: ['C', '2', '6', '7', '8'], guard: ASSOCIATION_SIDE, guardIn: { C: DOSSIER_CAMPAIGN_CLOSED } },
    // The statut flag « incomplet » (spec §3, §4): a service marks a transmitted dossier incomplete with
    // a comment (or clears the mark); the association may then complete it (documents, then « complet »)
    // while its end exercise is not past. Not a state: the instruction keeps its etat.
    marquer_incomplet: { label: 'Marquer le dossier incomplet', in: ['D', '2', '3', '4', '6', '7', '8', '9', '10', '11', '12'], guard: allOf(SERVICE_SIDE, DOSSIER_MARKED_COMPLETE) },
    marquer_complet: { label: 'Lever la mention incomplet', in: ['D', '2', '3', '4', '6', '7', '8', '9', '10', '11', '12'], guard: allOf(SERVICE_SIDE, DOSSIER_MARKED_INCOMPLETE) },
    completer: { label: 'Compléter le dossier', in: ['D', '2', '3', '4', '6', '7', '8', '9', '10', '11', '12'], guard: allOf(ASSOCIATION_SIDE, DOSSIER_MARKED_INCOMPLETE, DOSSIER_EXERCISE_OPEN) },
  },
});

/** 'In entry' when any instruction is A, B or C (docs/domain.md « Machines à états »). */
export const DOSSIER_IN_ENTRY_STATES: readonly DossierState[] = ['A', 'B', 'C'];
/** 'Transmitted' when the first instruction is in one of these (docs/domain.md « Machines à états »). */
export const DOSSIER_TRANSMITTED_STATES: readonly DossierState[] = ['C', 'D', '2', '3', '4', '6', '7', '8', '9', '10', '11', '12'];

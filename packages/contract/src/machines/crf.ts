// The financial report (compte rendu financier, Cerfa 15059) of an exercise (docs/domain.md
// « Machines à états »): the association fills and transmits it, the instructing service receives it
// or sends it back.
import { NOTIFICATION_TYPE_IDS } from '../notifications.ts';
import { defineMachine, type Effects } from './machine.ts';
import { ASSOCIATION_SIDE, EITHER_SIDE, SERVICE_SIDE } from './guards.ts';

export const CRF_STATES = ['1', '2', '3', '4', '5'] as const;
export type CrfState = (typeof CRF_STATES)[number];

const toService: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_crf, mail: ['service'], notifyAudience: ['association'] };
const toAssociation: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_crf, mail: ['association'] };

export const crfMachine = defineMachine({
  name: 'crf',
  label: 'Compte-rendu financier',
  initial: '1',
  states: {
    '1': { label: 'À saisir', editable: true },
    '2': { label: 'En cours de saisie', editable: true },
    '3': { label: 'Renvoyé au compte asso', editable: true },
    '4': { label: 'Transmis au service instructeur' },
    '5': { label: 'Reçu par le service instructeur', terminal: true },
  },
  events: {
    enregistrer: { label: 'Enregistrer', from: ['1'], to: '2', guard: ASSOCIATION_SIDE },
    transmettre: { label: 'Transmettre au service instructeur', from: ['2', '3'], to: '4', guard: ASSOCIATION_SIDE, effects: toService },
    renvoyer: { label: 'Renvoyer au compte association', from: ['4'], to: '3', guard: SERVICE_SIDE, effects: toAssociation },
    receptionner: { label: 'Accuser réception', from: ['4'], to: '5', guard: SERVICE_SIDE, effects: toAssociation },
  },
  actions: {
    consulter: { label: 'Consulter', in: CRF_STATES, guard: EITHER_SIDE },
    modifier: { label: 'Modifier', in: ['1', '2', '3'], guard: ASSOCIATION_SIDE },
  },
});

/** CRF documents are asked for only in these states (docs/domain.md « Machines à états »). */
export const CRF_DOCUMENT_STATES: readonly CrfState[] = ['3', '4', '5'];

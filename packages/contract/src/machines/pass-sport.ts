// A Pass'Sport refund dossier of a sports structure (docs/domain.md « Machines à états »): the
// structure records it, the instructing service processes, pays or refuses it. Both deletion codes
// of the spec are kept apart: 8 when the structure deletes it, 9 when the service does.
import { NOTIFICATION_TYPE_IDS } from '../notifications.ts';
import { defineMachine, type Effects } from './machine.ts';
import { allOf, anyOf, role, SERVICE_SIDE } from './guards.ts';

export const PASS_SPORT_STATES = ['1', '2', '3', '4', '7', '8', '9'] as const;
export type PassSportState = (typeof PASS_SPORT_STATES)[number];

/** docs/domain.md « Droits »: the creator or the people it is shared with (members of the structure), or an LCA admin. */
const STRUCTURE_SIDE = anyOf(
  allOf(role('lca.association'), { kind: 'associationMember' }, anyOf({ kind: 'creator' }, { kind: 'sharedWith' })),
  role('lca.admin'),
);

const toStructure: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_dossier, mail: ['creator'] };

export const passSportMachine = defineMachine({
  name: 'pass_sport',
  label: "Dossier Pass'Sport",
  initial: '1',
  states: {
    '1': { label: 'Enregistré', editable: true },
    '2': { label: 'En cours de traitement' },
    '3': { label: 'En cours de paiement' },
    '4': { label: 'Remboursé', terminal: true },
    '7': { label: 'Refusé par le service instructeur', terminal: true },
    '8': { label: 'Supprimé', terminal: true },
    '9': { label: 'Supprimé par le service instructeur', terminal: true },
  },
  events: {
    traiter: { label: 'Commencer le traitement', from: ['1'], to: '2', guard: SERVICE_SIDE, effects: toStructure },
    mettre_en_paiement: { label: 'Mettre en paiement', from: ['2'], to: '3', guard: SERVICE_SIDE, effects: toStructure },
    rembourser: { label: 'Constater le remboursement', from: ['3'], to: '4', guard: SERVICE_SIDE, effects: toStructure },
    refuser: { label: 'Refuser le dossier', from: ['1', '2'], to: '7', guard: SERVICE_SIDE, effects: toStructure },
    supprimer: { label: 'Supprimer le dossier', from: ['1'], to: '8', guard: STRUCTURE_SIDE },
    supprimer_par_le_service: { label: 'Supprimer le dossier (service instructeur)', from: ['1', '2'], to: '9', guard: SERVICE_SIDE, effects: toStructure },
  },
  actions: {
    consulter: { label: 'Consulter', in: PASS_SPORT_STATES, guard: anyOf(STRUCTURE_SIDE, SERVICE_SIDE) },
    modifier: { label: 'Modifier les inscriptions', in: ['1'], guard: STRUCTURE_SIDE },
  },
});

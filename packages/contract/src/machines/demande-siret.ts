// A request for a SIRET number (docs/domain.md « Machines à états »). The
// association's creator fills and transmits it; the portal's LCA administrators process it with
// INSEE (docs/domain.md « Droits »: a request is accessible to an LCA admin or its creator). Our choices, written in
// docs/domain.md: an invalidated request (INV) can be corrected and transmitted again; the reset
// to ECS is an administrator's act, only from RGEN or ENCT.
import { NOTIFICATION_TYPE_IDS } from '../notifications.ts';
import { defineMachine, type Effects } from './machine.ts';
import { allOf, anyOf, role } from './guards.ts';

export const SIRET_REQUEST_STATES = ['ECS', 'AEM', 'INV', 'ENCT', 'RGEN', 'ACC', 'REJ', 'REF'] as const;
export type SiretRequestState = (typeof SIRET_REQUEST_STATES)[number];

/** Its creator (an association member) or an LCA admin. */
const CREATOR_OR_ADMIN = anyOf(allOf(role('lca.association'), { kind: 'creator' }, { kind: 'associationMember' }), role('lca.admin'));
const LCA_ADMIN = role('lca.admin');

const toCreator: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_siret, mail: ['creator'] };

export const siretRequestMachine = defineMachine({
  name: 'demande_siret',
  label: 'Demande de numéro SIRET',
  initial: 'ECS',
  states: {
    ECS: { label: 'En cours de saisie' },
    AEM: { label: 'À émettre', locked: true },
    INV: { label: 'Invalidé' },
    ENCT: { label: 'En cours de traitement', locked: true },
    RGEN: { label: 'Regent généré', locked: true },
    ACC: { label: 'Accordé', locked: true, terminal: true },
    REJ: { label: 'Rejeté', terminal: true },
    REF: { label: 'Refusé', locked: true, terminal: true },
  },
  events: {
    transmettre: { label: 'Transmettre la demande', from: ['ECS', 'INV'], to: 'AEM', guard: CREATOR_OR_ADMIN },
    invalider: { label: 'Invalider la demande', from: ['AEM'], to: 'INV', guard: LCA_ADMIN, effects: toCreator },
    traiter: { label: 'Commencer le traitement', from: ['AEM'], to: 'ENCT', guard: LCA_ADMIN, effects: toCreator },
    generer_regent: { label: 'Générer le fichier Regent', from: ['ENCT'], to: 'RGEN', guard: LCA_ADMIN },
    accorder: { label: 'Enregistrer le SIRET attribué', from: ['RGEN'], to: 'ACC', guard: LCA_ADMIN, effects: toCreator },
    rejeter: { label: 'Rejeter la demande', from: ['RGEN'], to: 'REJ', guard: LCA_ADMIN, effects: toCreator },
    refuser: { label: 'Refuser la demande', from: ['RGEN'], to: 'REF', guard: LCA_ADMIN, effects: toCreator },
    reinitialiser: { label: 'Réinitialiser la demande', from: ['RGEN', 'ENCT'], to: 'ECS', guard: LCA_ADMIN, effects: toCreator },
  },
  actions: {
    consulter: { label: 'Consulter', in: SIRET_REQUEST_STATES, guard: CREATOR_OR_ADMIN },
    // Editable outside the locked list (docs/domain.md « Machines à états »), except once it is over.
    modifier: { label: 'Modifier', in: ['ECS', 'INV'], guard: CREATOR_OR_ADMIN },
  },
});

/** Not editable in these states once it has an id (docs/domain.md « Machines à états »). */
export const SIRET_REQUEST_LOCKED_STATES: readonly SiretRequestState[] = SIRET_REQUEST_STATES.filter(
  (s) => siretRequestMachine.states[s].locked === true,
);
/** Reset back to ECS is allowed only from these (docs/domain.md « Machines à états »). */
export const SIRET_REQUEST_RESETTABLE_STATES: readonly SiretRequestState[] = siretRequestMachine.events.reinitialiser.from;
/** A request still being processed (not granted, rejected nor refused): the documents it holds stay in the association file. */
export const SIRET_REQUEST_LIVE_STATES: readonly SiretRequestState[] = SIRET_REQUEST_STATES.filter(
  (s) => (siretRequestMachine.states[s] as { terminal?: boolean }).terminal !== true,
);

// The approval dossier (dossier de demande d'agrément, docs/domain.md « Machines à états »): the
// association fills it (1, 2: editable), transmits it complete (4: sent), then the instructing
// service of the approval takes it into instruction and grants or refuses it (with a reason).
import { NOTIFICATION_TYPE_IDS } from '../notifications.ts';
import { defineMachine, type Effects } from './machine.ts';
import { allOf, anyOf, EITHER_SIDE, fact, role, SERVICE_SIDE, SERVICE_SIDE_ON_ITS_OWN } from './guards.ts';

export const AGREMENT_DOSSIER_STATES = ['1', '2', '4', '5', '6', '7'] as const;
export type AgrementDossierState = (typeof AGREMENT_DOSSIER_STATES)[number];
/** Spec §4: editable in 1 and 2, sent in 4. */
export const AGREMENT_DOSSIER_EDITABLE_STATES: readonly AgrementDossierState[] = ['1', '2'];

/**
 * Who edits and transmits an approval dossier (spec §4, §6): an admin (lca.admin, rds.admin), a
 * user of the approval's instructing service, or its creator (still a member of the association).
 */
export const APPROVAL_DOSSIER_EDITORS = anyOf(
  role('lca.admin', 'rds.admin'),
  allOf(role('rds.user', 'rds.service'), { kind: 'instructingService' }),
  allOf(role('lca.association'), { kind: 'associationMember' }, { kind: 'creator' }),
);

const toService: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_dossier, mail: ['service'], notifyAudience: ['association', 'service'] };
const toAssociation: Effects = { notify: NOTIFICATION_TYPE_IDS.modification_etat_dossier, mail: ['association'] };

export const agrementDossierMachine = defineMachine({
  name: 'agrement_dossier',
  label: "Dossier de demande d'agrément",
  initial: '1',
  states: {
    '1': { label: 'Brouillon', editable: true },
    '2': { label: 'En cours de saisie', editable: true },
    '4': { label: 'Transmis au service instructeur' },
    '5': { label: "En cours d'instruction" },
    '6': { label: 'Agrément accordé', terminal: true },
    '7': { label: 'Agrément refusé', terminal: true },
  },
  events: {
    enregistrer: { label: 'Enregistrer', from: ['1'], to: '2', guard: APPROVAL_DOSSIER_EDITORS },
    transmettre: {
      label: 'Transmettre au service instructeur', from: ['1', '2'], to: '4',
      guard: allOf(APPROVAL_DOSSIER_EDITORS, fact('complete', 'le dossier doit être complet')), effects: toService,
    },
    ouvrir_instruction: { label: "Ouvrir l'instruction", from: ['4'], to: '5', guard: SERVICE_SIDE, effects: toAssociation },
    accorder: { label: "Accorder l'agrément", from: ['4', '5'], to: '6', guard: SERVICE_SIDE, effects: toAssociation },
    refuser: { label: "Refuser l'agrément", from: ['4', '5'], to: '7', guard: SERVICE_SIDE, effects: toAssociation },
  },
  actions: {
    consulter: { label: 'Consulter', in: AGREMENT_DOSSIER_STATES, guard: anyOf(EITHER_SIDE, role('lca.admin', 'rds.admin')) },
    modifier: { label: 'Modifier', in: AGREMENT_DOSSIER_EDITABLE_STATES, guard: APPROVAL_DOSSIER_EDITORS },
    // Spec §6 « Removal: service side only for dossiers created by a service user », in its first state.
    supprimer: { label: 'Supprimer', in: ['1'], guard: SERVICE_SIDE_ON_ITS_OWN },
  },
});

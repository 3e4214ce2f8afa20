// The French messages of refused transitions, for every machine (machine.ts, errors.ts).
/** Refused transitions of the state machines (contract machines/). */
export const TRANSITION_MESSAGES = {
  transitionWrongState: (action: string, etat: string) =>
    `L'action « ${action} » n'est pas possible : l'objet est à l'état « ${etat} ». Rechargez la page pour voir son état actuel.`,
  transitionUnknownEvent: (event: string) => `L'action « ${event} » n'existe pas pour cet objet.`,
  transitionForbidden: (action: string, condition: string) =>
    `Vous ne pouvez pas effectuer l'action « ${action} » : il faut ${condition}.`,
} as const;

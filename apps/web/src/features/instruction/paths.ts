// The paths of the instructing services' pages (route-table.ts).
export const INSTRUCTOR_PATH = '/instructeur';
export const OSIRIS_PATH = '/osiris';

/** A dossier as its instructor opens it from the work list: the dossier and the actions on their instruction. */
export const instructionPath = (id: string) => `/instructeur/dossiers/${id}`;

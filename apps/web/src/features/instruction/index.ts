// What other features use from the instructing services' screens: their paths (the dashboard links
// to the work list and to a dossier as its instructor opens it).
export { INSTRUCTOR_PATH, instructionPath, OSIRIS_PATH } from './paths.ts';
export { UNREAD_MESSAGES_FILTER } from './worklist-filters.ts';

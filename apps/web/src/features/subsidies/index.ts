// What other features use from the subsidy screens: the dossier's messages, PDF, budget table,
// states' labels and badges, formats, paths, projects' loading, the expected items' rules and the
// caller's unread messages (the dashboard).
export { BudgetTable } from './budget-table.tsx';
export { loadProjects } from './dossier-api.ts';
export { exerciseChoices } from './dossier-filters.ts';
export { DossierMessages } from './dossier-messages.tsx';
export { DossierPdfButton } from './dossier-pdf-button.tsx';
export { useDossierSide } from './dossier-side.ts';
export { stateLabel, stateSeverity, STATE_OPTIONS, type BadgeSeverity } from './dossier-states.ts';
export { customValue, shownDossierFields, shownProjectFields } from './expected-items.ts';
export { formatDay, formatEuros } from './format.ts';
export { DOSSIERS_PATH, dossierPath, readingPath } from './paths.ts';
export { useDossier } from './use-dossier.ts';
export { UnreadDossierMessages } from './unread-messages.tsx';

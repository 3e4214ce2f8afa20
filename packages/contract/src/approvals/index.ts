// Approvals (agréments): the catalogue and its texts (docs/domain.md « Agréments »).
export * from './catalogue-routes.ts';
export * from './messages.ts';
export * from './dossier-routes.ts';
export * from './expected.ts';

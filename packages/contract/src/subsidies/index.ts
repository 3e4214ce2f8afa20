// Subsidy dossiers, projects and schemes (docs/domain.md « Dossiers de subvention »).
export * from './answers.ts';
export * from './asks.ts';
export * from './budget.ts';
export * from './campaign.ts';
export * from './dossier-rules.ts';
export * from './messages.ts';
export * from './period.ts';
export * from './projet-rules.ts';
export * from './schemas.ts';
export * from './projet-routes.ts';
export * from './questions-routes.ts';

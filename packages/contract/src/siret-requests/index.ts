// SIRET requests (demande de numéro SIRET): schemas, pre-fill rules, routes and messages.
export * from './messages.ts';
export * from './prefill.ts';
export * from './routes.ts';
export * from './schemas.ts';

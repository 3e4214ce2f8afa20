// Pass'Sport: codes, schemas, routes and messages.
export * from './messages.ts';
export * from './routes.ts';
export * from './schemas.ts';

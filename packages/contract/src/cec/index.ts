// CEC declarations, their sessions and log, and the back office's missions.
export * from './messages.ts';
export * from './routes.ts';
export * from './schemas.ts';

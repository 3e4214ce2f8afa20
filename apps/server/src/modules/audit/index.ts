// The audit module's public face: other modules, app.ts and services.ts import from here only.
export { createAuditRepository, type AuditRepository } from './repository.ts';
export { chainHistory, changesOf, CONTENT_AUDIT_CHAIN, createAuditService, SECRET_MASK, toJournalEntry, type AuditActor, type AuditRecord, type AuditService, type ChainBreak, type ChainHistoryQuery } from './service.ts';
export { auditRoutes } from './routes.ts';

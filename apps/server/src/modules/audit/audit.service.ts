// Former path, kept until proxy-asso imports the audit module through its index.ts; then delete.
export type { AuditService } from './index.ts';

// Former path, kept until proxy-asso imports the notifications module through its index.ts; then delete.
export type { NotificationService } from './index.ts';

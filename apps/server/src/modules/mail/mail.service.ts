// Former path, kept until proxy-asso imports the mail module through its index.ts; then delete.
export type { MailService } from './index.ts';

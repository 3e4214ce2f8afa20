// The mail module's public face: other modules, app.ts and services.ts import from here only.
export { createMailRepository, type MailOutbox, type NewMail } from './outbox/repository.ts';
export { createMailSeal, REDACTED_LINK, type MailSeal } from './outbox/seal.ts';
export { createMailService, type MailService, type OutgoingMail } from './outbox/service.ts';
export { emailChangeNoticeMail, emailChangeValidationMail, passwordResetMail, validationMail } from './templates/account-mails.ts';
export { escapeHtml, linkMail, paragraphs } from './templates/html.ts';
export { mailRoutes } from './routes.ts';
export { mailQueueDepth } from './outbox/queue-depth.repository.ts';

// Rules of the mail routes: the assistance mail and the outbox as administrators read it.
import { ASSISTANCE_EMAIL, MESSAGES } from '@portail/contract';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { MailService } from './outbox/service.ts';
import { paragraphs } from './templates/html.ts';

export interface AssistanceMail {
  to: string;
  from?: string | null;
  replyTo?: string | null;
  subject: string;
  body: string;
}

/**
 * Only the assistance mail uses the public send route: the support mailbox is the only recipient,
 * for admins too, so the portal is no relay. The sender is always the portal; whom to answer goes
 * in Reply-To (a signed-in caller's own address first).
 */
export async function sendAssistanceMail(mail: MailService, supportEmail: string, caller: AuthClaims | null | undefined, input: AssistanceMail) {
  if (input.to !== ASSISTANCE_EMAIL && input.to !== supportEmail) {
    throw appError('MAIL_RECIPIENT_NOT_ALLOWED');
  }
  const record = await mail.send({
    to: supportEmail,
    replyTo: caller?.email ?? input.replyTo ?? input.from ?? null,
    subject: input.subject,
    text: input.body,
    html: paragraphs(input.body),
  });
  return { message: MESSAGES.mailSent, _id: record.id };
}

/** The outbox's latest mails (secret links masked), as the client reads them. */
export async function outboxView(mail: MailService, query: Parameters<MailService['list']>[0]) {
  const { total, items } = await mail.list(query);
  return {
    total,
    items: items.map((m) => ({
      _id: m.id,
      to: m.to,
      from: m.from,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}

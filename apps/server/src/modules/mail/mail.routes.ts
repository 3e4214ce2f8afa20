// mail-server routes.
import type { FastifyInstance } from 'fastify';
import { api, ASSISTANCE_EMAIL, MESSAGES } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import { appError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { paragraphs } from './mail-templates.ts';

export function mailRoutes(app: FastifyInstance, { mail, config }: AppServices) {
  registerRoute(
    app,
    api.mail.sendEmail,
    async ({ body, auth }) => {
      // Only the assistance mail of the spec uses this route: the support mailbox is the only
      // recipient, for admins too, so the portal is no relay. The sender is always the portal;
      // whom to answer goes in Reply-To (a signed-in caller's own address first).
      if (body.to !== ASSISTANCE_EMAIL && body.to !== config.supportEmail) {
        throw appError('MAIL_RECIPIENT_NOT_ALLOWED');
      }
      const record = await mail.send({
        to: config.supportEmail,
        replyTo: auth?.email ?? body.replyTo ?? body.from ?? null,
        subject: body.subject,
        text: body.body,
        html: paragraphs(body.body),
      });
      return { message: MESSAGES.mailSent, _id: record.id };
    },
    // Per IP and per account: the caller's user id, else the address given to answer.
    { rateLimit: { name: 'assistanceMail', account: ({ auth, body }) => (auth ? null : (body.replyTo ?? body.from)) } },
  );

  registerRoute(app, api.mail.outbox, async ({ query }) => {
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
  });
}

// mail-server routes: the assistance mail and the outbox.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import type { AppConfig } from '../../config.ts';
import { registerRoute } from '../../http/contract-routes.ts';
import type { MailService } from './outbox/service.ts';
import { outboxView, sendAssistanceMail } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface MailRouteServices {
  mail: MailService;
  config: Pick<AppConfig, 'supportEmail'>;
}

export function mailRoutes(app: FastifyInstance, { mail, config }: MailRouteServices) {
  registerRoute(app, api.mail.sendEmail, ({ body, auth }) => sendAssistanceMail(mail, config.supportEmail, auth, body), {
    // Per IP and per account: the caller's user id, else the address given to answer.
    rateLimit: { name: 'assistanceMail', account: ({ auth, body }) => (auth ? null : (body.replyTo ?? body.from)) },
  });
  registerRoute(app, api.mail.outbox, ({ query }) => outboxView(mail, query));
}

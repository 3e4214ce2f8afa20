// mail-server: sending mail and reading the outbox.
import { z } from 'zod';
import { emailSchema } from './fields.ts';
import { defineRoute } from './http.ts';
import { scope } from './scope.ts';
import { MESSAGES } from './messages.ts';
import { ROLE_SETS } from './roles.ts';

const gateway = 'mail-server' as const;

/**
 * The assistance address the client writes to. Anyone may send to it; the server delivers it to
 * its configured support mailbox (SUPPORT_EMAIL).
 */
export const ASSISTANCE_EMAIL = 'assistance@associations.gouv.fr';

export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED', 'STORED'] as const;
export const MAIL_STATUS_LABELS: Record<(typeof MAIL_STATUSES)[number], string> = {
  PENDING: 'En attente',
  SENT: 'Envoyé',
  FAILED: 'Échec (nouvel essai prévu)',
  STORED: 'Conservé (pas de serveur SMTP)',
};

export const sendEmailBodySchema = z.object({
  to: emailSchema,
  from: emailSchema.optional(),
  subject: z.string({ error: MESSAGES.required('objet') }).trim().min(1, MESSAGES.required('objet')).max(200, MESSAGES.maxLength('objet', 200)),
  body: z.string({ error: MESSAGES.required('message') }).trim().min(1, MESSAGES.required('message')).max(20000, MESSAGES.maxLength('message', 20000)),
  replyTo: emailSchema.optional(),
});
export type SendEmailBody = z.input<typeof sendEmailBodySchema>;

export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  from: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const mailRoutes = {
  sendEmail: defineRoute({
    method: 'POST', gateway, path: '/notification/sendEmail', access: 'public',
    errors: ['MAIL_RECIPIENT_NOT_ALLOWED', 'TOO_MANY_REQUESTS'],
    summary: "Envoi d’un courriel à l’assistance (seul destinataire permis) ; l’expéditeur est le portail, l’adresse de l’appelant va en Reply-To.",
    body: sendEmailBodySchema, response: z.object({ message: z.string(), _id: z.string() }), successStatus: 201,
  }),
  outbox: defineRoute({
    method: 'GET', gateway, path: '/outbox', access: ROLE_SETS.lcaAdmins, scope: scope.none,
    summary: "Boîte d'envoi : les courriels du portail et leur état",
    query: z.object({
      to: z.string().trim().toLowerCase().max(254).optional(),
      status: z.enum(MAIL_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ total: z.number().int(), items: z.array(outboxMailSchema) }),
  }),
};

// Sends mail through nodemailer (SMTP when SMTP_URL is set) and keeps every mail in the outbox with
// its status, so nothing is lost when SMTP is down: failed mails are retried with a growing delay.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailRepository, NewMail } from './mail.repository.ts';

export interface MailServiceOptions {
  smtpUrl: string | undefined;
  defaultFrom: string;
  retryMs: number;
  maxAttempts: number;
}

/** Short SMTP timeouts so a dead mail server cannot hold a request for minutes. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of [['connectionTimeout', '10000'], ['greetingTimeout', '10000'], ['socketTimeout', '20000']] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

export function createMailService(repository: MailRepository, options: MailServiceOptions, log: FastifyBaseLogger) {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(withTimeouts(options.smtpUrl))
    : null;
  let timer: NodeJS.Timeout | null = null;
  let retrying: Promise<void> | null = null;

  /** Exponential back-off: retryMs, 2×, 4×... */
  const nextAttempt = (attempts: number) =>
    attempts + 1 >= options.maxAttempts ? null : new Date(Date.now() + options.retryMs * 2 ** attempts);

  async function deliver(mail: { id: string; attempts: number } & NewMail) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await repository.markSent(mail.id);
    } catch (error) {
      const message = (error as Error).message;
      log.warn({ mailId: mail.id, err: message }, 'mail delivery failed');
      await repository.markFailed(mail.id, message, nextAttempt(mail.attempts));
    }
  }

  return {
    /** Records the mail then delivers it; never throws on delivery failure (the outbox keeps it). */
    async send(mail: Omit<NewMail, 'from'> & { from?: string }) {
      const record = await repository.insert({ ...mail, from: mail.from ?? options.defaultFrom }, transport ? 'PENDING' : 'STORED');
      await deliver(record);
      return record;
    },
    async retryDue() {
      if (!transport) return;
      retrying ??= (async () => {
        for (const mail of await repository.dueForRetry(new Date(), options.maxAttempts)) await deliver(mail);
      })().finally(() => {
        retrying = null;
      });
      return retrying;
    },
    startRetryLoop() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        this.retryDue().catch((error: Error) => log.error({ err: error.message }, 'mail retry failed'));
      }, Math.max(1_000, Math.min(options.retryMs, 60_000)));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await retrying;
      transport?.close();
    },
    list: repository.list,
  };
}
export type MailService = ReturnType<typeof createMailService>;

// Sends mail through nodemailer (SMTP when SMTP_URL is set) and keeps every mail in the outbox with
// its status, so nothing is lost when SMTP is down: failed mails are retried with a growing delay.
// A mail written inside a business transaction is enqueued with it and delivered after commit.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { MailRepository, NewMail } from './repository.ts';
import { redact, type MailContent, type MailSeal } from './seal.ts';

/**
 * What a module hands to the outbox; the sender is always the configured one. `secrets`: links
 * the outbox must not show (seal.ts); only the mail sent carries them.
 */
export type OutgoingMail = Omit<NewMail, 'from' | 'id' | 'sealed'> & { secrets?: readonly string[] };

export interface MailServiceOptions {
  smtpUrl: string | undefined;
  defaultFrom: string;
  retryMs: number;
  maxAttempts: number;
  /** Demo mode (MAIL_OUTBOX_SHOW_LINKS): the outbox keeps secret links readable. */
  showLinks: boolean;
  seal: MailSeal;
}

type StoredMail = { id: string; attempts: number } & NewMail;

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
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /** Longer than the SMTP timeouts: another instance leaves a mail alone while one delivers it. */
  const lease = () => new Date(Date.now() + 120_000);

  /** Exponential back-off: retryMs, 2×, 4×... */
  const nextAttempt = (attempts: number) =>
    attempts + 1 >= options.maxAttempts ? null : new Date(Date.now() + options.retryMs * 2 ** attempts);

  /** The row to insert: secrets masked in text/html, the real content sealed aside (unless demo mode). */
  async function prepare(mail: OutgoingMail): Promise<NewMail> {
    const { secrets = [], ...rest } = mail;
    const row = { ...rest, id: randomUUID(), from: options.defaultFrom };
    if (options.showLinks || secrets.length === 0) return row;
    const content = { text: row.text, html: row.html ?? null };
    const masked = redact(content, secrets);
    if (masked.text === content.text && masked.html === content.html) return row;
    return { ...row, ...masked, sealed: await options.seal.seal(row, content) };
  }

  /** The text and html as the recipient gets them. */
  async function contentOf(mail: Pick<StoredMail, 'id' | 'to' | 'text' | 'html' | 'sealed'>): Promise<MailContent> {
    return mail.sealed ? options.seal.open(mail, mail.sealed) : { text: mail.text, html: mail.html ?? null };
  }

  async function deliver(mail: StoredMail) {
    if (!transport) return;
    try {
      const content = await contentOf(mail);
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: content.text,
        html: content.html ?? undefined,
      });
      await repository.markSent(mail.id);
    } catch (error) {
      const message = (error as Error).message;
      log.warn({ mailId: mail.id, err: message }, 'mail delivery failed');
      await repository.markFailed(mail.id, message, nextAttempt(mail.attempts));
    }
  }

  async function deliverDue() {
    for (;;) {
      const now = new Date();
      const due = await repository.due(now, options.maxAttempts);
      for (const mail of due) {
        if (await repository.claim(mail.id, now, options.maxAttempts, lease())) await deliver(mail);
      }
      if (due.length < 20) return;
    }
  }

  /**
   * One delivery pass at a time; a caller arriving during a pass gets the next one, which sees the
   * rows it has just committed (the running pass may have read before them).
   */
  function flush(): Promise<void> {
    if (!transport) return Promise.resolve();
    if (!running) {
      running = deliverDue().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return flush();
      });
    return queued;
  }

  const insertStatus = transport ? 'PENDING' : 'STORED';

  return {
    /** Records the mail then delivers it; never throws on delivery failure (the outbox keeps it). */
    async send(mail: OutgoingMail) {
      const record = await repository.insert(await prepare(mail), insertStatus, { leaseUntil: transport ? lease() : undefined });
      await deliver(record);
      return record;
    },
    /**
     * Writes the mail in the caller's transaction, so it exists only if the business change
     * commits; call flush() after the commit to deliver it now (the retry loop would pick it up
     * anyway).
     */
    async enqueue(tx: DbTransaction, mail: OutgoingMail) {
      return repository.insert(await prepare(mail), insertStatus, { client: tx });
    },
    /** Delivers every mail due now (enqueued, or failed with its retry time come). */
    flush,
    /** The retry loop's pass; same as flush(). */
    retryDue: flush,
    startRetryLoop() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        flush().catch((error: Error) => log.error({ err: error.message }, 'mail retry failed'));
      }, Math.max(1_000, Math.min(options.retryMs, 60_000)));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([running, queued]);
      transport?.close();
    },
    list: repository.list,
    contentOf,
  };
}
export type MailService = ReturnType<typeof createMailService>;

// Sends mail through nodemailer (SMTP when SMTP_URL is set) and keeps every mail in the outbox with
// its status, so nothing is lost when SMTP is down. Delivery is driven by a PostgreSQL job queue
// (queue.ts, graphile-worker): each waiting row has a job, written in the same transaction as the
// row, that any instance's worker runs; a failure reschedules it with a growing delay
// (MAIL_RETRY_MS × 2^attempts) until SMTP answers or MAIL_MAX_ATTEMPTS is reached. The row's lease
// (claim) makes one delivery at a time whoever tries: the inline send, a flush, a job, the sweep.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '../../../db/transaction.ts';
import { afterCommit } from '../../../db/unit-of-work.ts';
import { startMailQueue, type MailQueue } from './queue.ts';
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

/**
 * A mail written in a business transaction is delivered by the caller's flush() right after the
 * commit; its job comes a little later, for what no flush delivered (the caller crashed, or its
 * flush failed), instead of racing the flush for every mail.
 */
const ENQUEUED_JOB_DELAY_MS = 2_000;

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
  /** The delivery worker, once started (startDelivery): jobs are written only then. */
  let queue: MailQueue | null = null;
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
      // The retry's job is written with the failure.
      await repository.markFailed(mail.id, message, nextAttempt(mail.attempts), { schedule: queue !== null });
    }
  }

  /** A delivery job: the row if it is due; if it waits (lease, retry time), the job moves there. */
  async function deliverJob(id: string) {
    const mail = await repository.find(id);
    if (!mail || !transport) return;
    const now = new Date();
    if (await repository.claim(id, now, options.maxAttempts, lease())) return deliver(mail);
    const current = await repository.find(id);
    const waiting = current && (current.status === 'PENDING' || (current.status === 'FAILED' && current.attempts < options.maxAttempts));
    if (waiting && current.nextAttemptAt && current.nextAttemptAt > now) await repository.schedule(id, current.nextAttemptAt);
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
  function deliverPending(): Promise<void> {
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
        return deliverPending();
      });
    return queued;
  }

  /** Delivers what is due once the caller's unit of work commits (at once outside one): a mail of a write that rolled back is never sent. */
  const flush = (): Promise<void> => afterCommit(deliverPending);

  const insertStatus = transport ? 'PENDING' : 'STORED';

  return {
    /** Records the mail then delivers it; never throws on delivery failure (the outbox keeps it). */
    async send(mail: OutgoingMail) {
      const leaseUntil = transport ? lease() : undefined;
      // Its job waits for the lease to end: it finds the mail sent, or takes it over after a crash.
      const record = await repository.insert(await prepare(mail), insertStatus, { leaseUntil, jobAt: queue ? leaseUntil : undefined });
      // Inside a write request, the mail goes once the request's writes are committed.
      await afterCommit(() => deliver(record));
      return record;
    },
    /**
     * Writes the mail in the caller's transaction, so it exists only if the business change
     * commits, with its delivery job; call flush() after the commit to deliver it now (the job
     * would deliver it a moment later anyway).
     */
    async enqueue(tx: DbTransaction, mail: OutgoingMail) {
      const jobAt = queue ? new Date(Date.now() + ENQUEUED_JOB_DELAY_MS) : undefined;
      return repository.insert(await prepare(mail), insertStatus, { client: tx, jobAt });
    },
    /** Delivers every mail due now (enqueued, or failed with its retry time come). */
    flush,
    /** The sweep's pass. */
    retryDue: deliverPending,
    /** Starts this instance's delivery worker on the database (with SMTP only: otherwise mails stay STORED). */
    async startDelivery(databaseUrl: string) {
      if (!transport || queue) return;
      queue = await startMailQueue(
        // A retry runs at most one poll interval after its time.
        { connectionString: databaseUrl, pollIntervalMs: Math.min(2_000, Math.max(500, options.retryMs)), concurrency: 2 },
        { deliver: deliverJob, sweep: deliverPending },
        log,
      );
    },
    async stop() {
      const worker = queue;
      queue = null;
      await worker?.stop();
      await Promise.allSettled([running, queued]);
      transport?.close();
    },
    list: repository.list,
    contentOf,
  };
}
export type MailService = ReturnType<typeof createMailService>;

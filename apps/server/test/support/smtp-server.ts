// A real SMTP server for tests (smtp-server, from npm) that keeps what it receives; it can be
// started on a port chosen in advance, so a test can stop SMTP and bring it back on the same port.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | false;
  to: string[];
  raw: string;
  /** The Subject header. */
  subject: string | undefined;
}

export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: /^Subject: (.*?)\r?$/m.exec(raw)?.[1],
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as { port: number };
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

// Secret links in the outbox: the outbox keeps a copy of each mail with its secret
// links (validation, reset, report) replaced by « [lien masqué] », so whoever reads the outbox
// (lca.admin, a database reader) cannot take over an account. The mail as sent is kept aside,
// encrypted with AES-256-GCM under a key derived from the server secret, bound to the mail's id and
// recipient (a sealed copy moved onto another row does not open), and erased once sent.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { escapeHtml } from '../templates/html.ts';

export const REDACTED_LINK = '[lien masqué]';
const VERSION = 'v1';

export interface MailContent {
  text: string;
  html: string | null;
}

/** The content with every secret replaced; secrets are replaced longest first (one may contain another). */
export function redact(content: MailContent, secrets: readonly string[]): MailContent {
  const ordered = [...new Set(secrets.filter(Boolean))].sort((a, b) => b.length - a.length);
  const hide = (value: string) => ordered.reduce((out, secret) => out.replaceAll(secret, REDACTED_LINK).replaceAll(escapeHtml(secret), REDACTED_LINK), value);
  return { text: hide(content.text), html: content.html === null ? null : hide(content.html) };
}

export function createMailSeal(serverSecret: () => Promise<string>) {
  let key: Promise<Buffer> | null = null;
  const getKey = () =>
    (key ??= serverSecret().then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'le-compte-association', 'mail-outbox-seal/aes-256-gcm', 32)),
    ));
  const aad = (mail: { id: string; to: string }) => Buffer.from(`${mail.id}\n${mail.to}`);

  return {
    async seal(mail: { id: string; to: string }, content: MailContent): Promise<string> {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await getKey(), iv).setAAD(aad(mail));
      const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    /** Throws when the copy was altered, moved to another mail, or sealed under another secret. */
    async open(mail: { id: string; to: string }, sealed: string): Promise<MailContent> {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('sealed mail: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', await getKey(), Buffer.from(iv, 'base64url'))
        .setAAD(aad(mail))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(plain) as MailContent;
    },
  };
}
export type MailSeal = ReturnType<typeof createMailSeal>;

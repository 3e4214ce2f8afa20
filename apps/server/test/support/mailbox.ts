// Reading the mails the app stored in its outbox (no SMTP in tests): rows, links and tokens. The
// outbox masks secret links; these helpers read the text and html the recipient gets, through the
// mail service (as SMTP delivery does), so tests run with the masking on.
import type { TestApp } from './test-app.ts';

/** Mails sent to an address, oldest first, with their content as delivered. */
export async function mailsTo(t: TestApp, to: string) {
  const rows = await t.db.mailOutbox.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });
  return Promise.all(rows.map(async (row) => ({ ...row, ...(await t.app.services.mail.contentOf(row)) })));
}

export async function lastMailTo(t: TestApp, to: string) {
  const mails = await mailsTo(t, to);
  if (mails.length === 0) throw new Error(`no mail to ${to}`);
  return mails[mails.length - 1]!;
}

const tokenAfter = (prefix: string) => (text: string) => {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no link ${prefix}… in mail:\n${text}`);
  return match[1]!;
};

export const VALIDATION_LINK_PREFIX = 'http://portail.test/client/validate/';
export const RESET_LINK_PREFIX = 'http://portail.test/client/mot-de-passe-oublie/';

/** The token of the validation link in a mail's text. */
export const validationTokenIn = tokenAfter(VALIDATION_LINK_PREFIX);
/** The token of the password-reset link in a mail's text. */
export const resetTokenIn = tokenAfter(RESET_LINK_PREFIX);

export const REPORT_LINK_PREFIX = 'http://portail.test/client/rattachement/signalement/';
/** The token of the « Je ne connais pas cette personne » link in a join mail's text. */
export const reportTokenIn = tokenAfter(REPORT_LINK_PREFIX);

/** The validation token of the latest mail to an address. */
export async function latestValidationToken(t: TestApp, to: string) {
  return validationTokenIn((await lastMailTo(t, to)).text);
}

/** The reset token of the latest mail to an address. */
export async function latestResetToken(t: TestApp, to: string) {
  return resetTokenIn((await lastMailTo(t, to)).text);
}

import { tooManyAccountEmailsMessage } from '@invoicer/domain/api/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import type { DbExecutor } from '../../plugins/database';
import { HttpError } from '../../plugins/errors';
import { consumeRateLimit } from '../../plugins/rate-limit';
import { PRODUCT_NAME } from '../../plugins/mailer';
import { escapeHtml } from '../invoice-email';
import { issueAccountToken } from './account-tokens';

/**
 * The e-mails of accounts (docs/product/accounts.md#e-mails-about-the-account): the password reset link, the
 * verification link, the link that confirms a new address, and the notice to the old one. Each has a plain-text and
 * an HTML part saying the same, names the product, carries no image, remote resource or tracking, and its link
 * starts with the mailer's linkOrigin (PUBLIC_URL). Written to the outbox in the caller's transaction, so a link's
 * row and its e-mail commit together (docs/decisions/0052-account-links-verification-and-sessions.md).
 */

/** The pages of the web app the links open (docs/product/routes-and-access.md#pages). */
export const RESET_PASSWORD_PATH = '/reset-password';
export const VERIFY_EMAIL_PATH = '/verify-email';

export interface AccountEmail {
  subject: string;
  text: string;
  html: string;
}

/** The account an e-mail speaks to. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

const hello = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

interface Body {
  subject: string;
  /** Paragraphs before the link. */
  before: string[];
  link?: { label: string; url: string };
  /** Paragraphs after it. */
  after: string[];
}

/** One message, as text and HTML: the same sentences in the same order, the link on a line of its own in the text. */
function compose({ subject, before, link, after }: Body): AccountEmail {
  const text = [...before, ...(link ? [link.url] : []), ...after, `— ${PRODUCT_NAME}`].join('\n\n') + '\n';
  const paragraph = (words: string) => `<p style="margin:0 0 16px;">${escapeHtml(words).replace(/\n/g, '<br>\n')}</p>`;
  const button = link
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57534e;">Or copy this address into your browser:<br>
<a href="${escapeHtml(link.url)}" style="color:#4338ca;word-break:break-all;">${escapeHtml(link.url)}</a></p>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c1917;background:#ffffff;">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#312e81;">${PRODUCT_NAME}</p>
${before.map(paragraph).join('\n')}
${button}
${after.map(paragraph).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#57534e;">— ${PRODUCT_NAME}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

export function passwordResetEmail(user: Recipient & { hasPassword: boolean }, url: string): AccountEmail {
  return compose({
    subject: `Reset your ${PRODUCT_NAME} password`,
    before: [
      hello(user.firstName),
      user.hasPassword
        ? `Someone, hopefully you, asked to reset the password of your ${PRODUCT_NAME} account (${user.email}). Choose a new password with this link; it works once, for one hour:`
        : `Someone, hopefully you, asked for a password for your ${PRODUCT_NAME} account (${user.email}), which signs in with Google. Choose a password with this link to sign in with either; it works once, for one hour:`,
    ],
    link: { label: user.hasPassword ? 'Choose a new password' : 'Choose a password', url },
    after: [
      'Setting it signs out every other browser signed in to your account.',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
  });
}

export function verificationEmail(user: Recipient, url: string): AccountEmail {
  return compose({
    subject: `Verify your e-mail address for ${PRODUCT_NAME}`,
    before: [
      hello(user.firstName),
      `Please confirm that ${user.email} is your address by opening this link; it works for 7 days:`,
    ],
    link: { label: 'Verify my e-mail address', url },
    after: [
      `Until you do, ${PRODUCT_NAME} keeps your invoices and reminders from being e-mailed to your clients; everything else works as usual.`,
      `If you did not create a ${PRODUCT_NAME} account, ignore this e-mail.`,
    ],
  });
}

export function emailChangeEmail(user: Recipient, newEmail: string, url: string): AccountEmail {
  return compose({
    subject: `Confirm your new e-mail address for ${PRODUCT_NAME}`,
    before: [
      hello(user.firstName),
      `You asked to change the e-mail address of your ${PRODUCT_NAME} account from ${user.email} to ${newEmail}. Open this link to confirm; it works once, for 24 hours:`,
    ],
    link: { label: 'Confirm my new address', url },
    after: ['The address changes only when the link is opened. If you did not ask for this, ignore this e-mail.'],
  });
}

export function emailChangedNotice(user: Recipient, newEmail: string, supportEmail: string): AccountEmail {
  return compose({
    subject: `Your ${PRODUCT_NAME} e-mail address was changed`,
    before: [
      hello(user.firstName),
      `The e-mail address of your ${PRODUCT_NAME} account was changed from ${user.email} to ${newEmail}. From now on you sign in with ${newEmail}, and e-mails from ${PRODUCT_NAME} go there.`,
      `If you did not make this change, write to ${supportEmail} at once (replying to this e-mail reaches it).`,
    ],
    after: [],
  });
}

/** The link of a page of the web app with a token, on the mailer's origin (PUBLIC_URL). */
export function accountLink(app: FastifyInstance, path: string, token: string): string {
  return `${app.mailer.linkOrigin}${path}?token=${encodeURIComponent(token)}`;
}

/** Makes a verification link for the account's address and queues its e-mail, in `tx`. */
export async function queueVerificationEmail(app: FastifyInstance, tx: DbExecutor, user: Recipient): Promise<void> {
  const token = await issueAccountToken(tx, { userId: user.id, purpose: 'email_verification', email: user.email });
  await app.mailer.enqueue(tx, {
    kind: 'email_verification',
    userId: user.id,
    to: user.email,
    ...verificationEmail(user, accountLink(app, VERIFY_EMAIL_PATH, token)),
  });
}

/** E-mails with an account link are counted per address or account over an hour (RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR). */
const ACCOUNT_EMAIL_WINDOW_MS = 60 * 60_000;

/**
 * Counts one account e-mail against `key` (a digest or an account id, never an address); past `max` in the hour, a
 * 429 with Retry-After. Counted for every address alike, existing or not, so the 429 tells nothing either.
 */
export async function limitAccountEmails(pool: pg.Pool, reply: FastifyReply, key: string, max: number): Promise<void> {
  const { count, ttlMs } = await consumeRateLimit(pool, `account-email:${key}`, ACCOUNT_EMAIL_WINDOW_MS);
  if (count > max) {
    reply.header('Retry-After', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new HttpError(429, tooManyAccountEmailsMessage(ttlMs));
  }
}

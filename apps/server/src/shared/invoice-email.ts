import { isSendableAddress, SEND_MESSAGES } from '@invoicer/domain/api/sending';
import { publicInvoicePath } from '@invoicer/domain/api/public-links';
import { labelsFor } from '@invoicer/domain/document-labels';
import { DEFAULT_DOCUMENT_LANGUAGE, resolveDocumentLanguage } from '@invoicer/domain/document-language';
import {
  defaultInvoiceEmailMessage,
  defaultInvoiceEmailSubject,
  fillInvoiceLink,
  firstLine,
  INVOICE_LINK_PLACEHOLDER,
  type InvoiceEmailFacts,
  type InvoiceEmailKind,
} from '@invoicer/domain/invoice-email';
import { invoiceFileName } from '@invoicer/domain/invoice-number';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clients, invoices, users } from '../db/schema';
import type { DbExecutor } from '../plugins/database';
import { badRequest, HttpError } from '../plugins/errors';
import { PRODUCT_NAME } from '../plugins/mailer';
import { pastDueSentSql } from './invoice-status-sql';
import { ensurePublicLink } from './public-links';

/**
 * E-mails that carry an invoice (docs/decisions/0049-sending-invoices-by-e-mail.md): the Send dialog's
 * (features/sending) and the automatic reminders. One function writes them, so both have the same parts: a
 * plain-text and an HTML part, the invoice's public link (docs/decisions/0046-public-invoice-links-and-activity.md),
 * the invoice's PDF attached when the message is delivered (plugins/mailer.ts renders it then), Reply-To the
 * user's address and From the product's address under the business's name.
 */

/** What the texts and the e-mail need of an invoice and its owner. */
export interface InvoiceEmailContext {
  facts: InvoiceEmailFacts;
  issuedDate: string | null;
  /** The linked client's address as stored ('' for none). */
  clientEmail: string;
  /** The invoice's To block as printed. */
  toBlock: string;
  /** The owner's account address. */
  userEmail: string;
  /** Whether that address is verified: the product e-mails other people only for an account whose address is. */
  userEmailVerified: boolean;
}

/** The user's invoice as the e-mail speaks of it; null when it is not theirs. */
export async function findInvoiceEmailContext(
  db: DbExecutor,
  userId: string,
  invoiceId: string,
): Promise<InvoiceEmailContext | null> {
  const [row] = await db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      from: sql<string | null>`${invoices.data} ->> 'from'`,
      to: sql<string | null>`${invoices.data} ->> 'to'`,
      amountDueMinor: invoices.amountDueMinor,
      currency: invoices.currency,
      dueDate: invoices.dueDate,
      issuedDate: invoices.issuedDate,
      overdue: pastDueSentSql(),
      clientEmail: clients.email,
      // The language its PDF prints in: its own, else its saved client's (docs/decisions/0075-the-account-default-language.md).
      language: sql<string | null>`${invoices.data} ->> 'language'`,
      clientLanguage: clients.preferredLanguage,
      userEmail: users.email,
      userEmailVerified: users.emailVerified,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.userId, invoices.userId)))
    .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)));
  if (!row) return null;
  return {
    facts: {
      invoiceNumber: row.invoiceNumber,
      businessName: firstLine(row.from ?? ''),
      clientName: firstLine(row.to ?? ''),
      amountDueMinor: row.amountDueMinor,
      currency: row.currency,
      dueDate: row.dueDate,
      overdue: row.overdue,
      language: resolveDocumentLanguage(row.language, row.clientLanguage),
    },
    issuedDate: row.issuedDate,
    clientEmail: (row.clientEmail ?? '').trim(),
    toBlock: row.to ?? '',
    userEmail: row.userEmail,
    userEmailVerified: row.userEmailVerified,
  };
}

export interface InvoiceEmailRequest {
  invoiceId: string;
  /** The invoice's owner, on whose behalf the e-mail goes. */
  userId: string;
  /** Validated addresses (packages/domain/src/api/sending.ts), 1 to 10, each once. */
  to: readonly string[];
  /** Cc the owner's own address (left out when it is already in `to`). */
  ccMe: boolean;
  /** Left out: the default of packages/domain/src/invoice-email.ts for `kind`. */
  subject?: string | undefined;
  /** Left out: the default; `{link}` in it becomes the link (fillInvoiceLink). */
  message?: string | undefined;
  kind: InvoiceEmailKind;
  /** The origin of the link; default app.mailer.linkOrigin (PUBLIC_URL). */
  origin?: string | undefined;
}

export interface QueuedInvoiceEmail {
  outboxId: number;
  /** The public link the e-mail carries, and its token. */
  url: string;
  token: string;
  /** True when this e-mail made the link (none was on). */
  linkCreated: boolean;
  to: string[];
  cc: string[];
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** The attached PDF's name, as the invoice's download is named. */
  attachmentName: string;
}

/** The most of a business name put before " via Invoicer" in From. */
const FROM_NAME_MAX = 80;

/**
 * Queues an e-mail with the user's invoice: ensures its public link (in `tx`: the same link as "Copy link" shows,
 * or a new one), writes the text and HTML parts, and enqueues one outbox message (To: `to`; Cc: the user when
 * `ccMe`; Reply-To: the user; the PDF attached at delivery) through app.mailer, all in `tx`. The caller has checked
 * that the invoice is the user's and holds its row lock (`SELECT ... FOR UPDATE`), as ensurePublicLink needs, and
 * records the activity entry and notification of its own event (kind `sent` or `reminder`). A 403 when the user's
 * address is not verified, a 400 when it cannot be Reply-To; any other throw (a missing invoice) is the caller's bug.
 */
export async function queueInvoiceEmail(
  app: FastifyInstance,
  tx: DbExecutor,
  request: InvoiceEmailRequest,
): Promise<QueuedInvoiceEmail> {
  const context = await findInvoiceEmailContext(tx, request.userId, request.invoiceId);
  if (!context) throw new Error(`queueInvoiceEmail: invoice ${request.invoiceId} is not the user's`);
  // The one gate of every e-mail sent for an account to other people (docs/decisions/0052-account-links-verification-and-sessions.md):
  // the Send dialog's call answers this 403; reminders wait before they get here (features/reminders).
  if (!context.userEmailVerified) throw new HttpError(403, SEND_MESSAGES.notVerified);
  const replyTo = context.userEmail.trim();
  if (!isSendableAddress(replyTo)) {
    // Reply-To is the point of the message (the client answers the user); an address we cannot write into a
    // header is refused rather than left out.
    throw badRequest('Your account e-mail address cannot be used as the Reply-To of an e-mail. Change it in Settings.');
  }
  const link = await ensurePublicLink(tx, await app.serverSecret('public-links'), request.userId, request.invoiceId);
  const url = `${request.origin ?? app.mailer.linkOrigin}${publicInvoicePath(link.token)}`;

  const to = [...request.to];
  const cc = request.ccMe && !to.some((address) => address.toLowerCase() === replyTo.toLowerCase()) ? [replyTo] : [];
  const subject = request.subject ?? defaultInvoiceEmailSubject(context.facts, request.kind);
  const message = request.message ?? defaultInvoiceEmailMessage(context.facts, request.kind);
  const attachmentName = invoiceFileName(context.facts.invoiceNumber, context.issuedDate);
  const text = fillInvoiceLink(message, url, context.facts.language);
  const html = invoiceEmailHtml({
    subject,
    message,
    url,
    invoiceNumber: context.facts.invoiceNumber,
    attachmentName,
    replyTo,
    language: context.facts.language ?? DEFAULT_DOCUMENT_LANGUAGE,
  });
  const businessName = context.facts.businessName.slice(0, FROM_NAME_MAX).trim();
  const queued = await app.mailer.enqueue(tx, {
    kind: request.kind,
    userId: request.userId,
    to,
    cc,
    replyTo,
    fromName: businessName ? `${businessName} via ${PRODUCT_NAME}` : null,
    subject,
    text,
    html,
    attachInvoiceId: request.invoiceId,
  });
  return {
    outboxId: queued.id,
    url,
    token: link.token,
    linkCreated: link.created,
    to,
    cc,
    replyTo,
    subject,
    text,
    html,
    attachmentName,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** One paragraph of the user's message: escaped, its line breaks kept, the invoice's link made a link. */
function paragraphHtml(paragraph: string, url: string): string {
  const link = `<a href="${escapeHtml(url)}" style="color:#1d4ed8;">${escapeHtml(url)}</a>`;
  return paragraph
    .split(INVOICE_LINK_PLACEHOLDER)
    .map((piece) => piece.split(url).map(escapeHtml).join(link))
    .join(link)
    .replace(/\n/g, '<br>\n');
}

/**
 * The HTML part: the message as the user wrote it (escaped; nothing they typed becomes markup), a button to the
 * invoice's page, and a line on the attachment. Self-contained: inline styles, no images, nothing loaded from
 * anywhere, so no tracking and nothing a mail program blocks.
 */
export function invoiceEmailHtml(parts: {
  subject: string;
  message: string;
  url: string;
  invoiceNumber: string;
  attachmentName: string;
  replyTo: string;
  /** The invoice's language: the button, the line under it and the page's `lang`. */
  language: string;
}): string {
  const labels = labelsFor(parts.language);
  const paragraphs = parts.message
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p style="margin:0 0 16px;">${paragraphHtml(paragraph, parts.url)}</p>`)
    .join('\n');
  const button = labels.emailButton(parts.invoiceNumber);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(parts.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c1917;background:#ffffff;">
${paragraphs}
<p style="margin:24px 0;"><a href="${escapeHtml(parts.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(button)}</a></p>
<p style="margin:0;font-size:13px;color:#57534e;">${escapeHtml(labels.emailAttachment(parts.attachmentName, parts.replyTo))}</p>
</div>
</body>
</html>
`;
}

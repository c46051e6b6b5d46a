import { INVOICE_MESSAGES } from '@invoicer/domain/api/invoices';
import {
  isSendableAddress,
  SEND_MESSAGES,
  type SendDefaultsResponse,
  type SendInvoiceBody,
  type SendInvoiceResponse,
} from '@invoicer/domain/api/sending';
import { defaultInvoiceEmailMessage, defaultInvoiceEmailSubject } from '@invoicer/domain/invoice-email';
import { invoiceFileName } from '@invoicer/domain/invoice-number';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors';
import { recordActivity } from '../../shared/activity';
import { findInvoiceEmailContext, queueInvoiceEmail } from '../../shared/invoice-email';
import { insertNotification, invoiceSentNotification } from '../../shared/notifications';
import { invoiceEffectiveStatus, lockInvoiceForSending, markInvoiceSent } from './sending.queries';

/**
 * Sending an invoice by e-mail (docs/product/sending-invoices.md; docs/decisions/0049-sending-invoices-by-e-mail.md).
 * The e-mail itself is shared/invoice-email.ts's; this file decides what a send changes.
 */

/** The first address written in a party block ("Acme\nbilling@acme.test"), for an invoice without a linked client's. */
function addressInBlock(block: string): string | null {
  for (const word of block.split(/[\s,;<>()[\]"']+/)) {
    const candidate = word.replace(/^mailto:/i, '').replace(/[.:]+$/, '');
    if (candidate.includes('@') && isSendableAddress(candidate)) return candidate;
  }
  return null;
}

/** GET /api/invoices/{id}/send: what the dialog starts with. */
export async function getSendDefaults(app: FastifyInstance, userId: string, id: string): Promise<SendDefaultsResponse> {
  const context = await findInvoiceEmailContext(app.db, userId, id);
  if (!context) throw notFound(INVOICE_MESSAGES.notFound);
  const to = isSendableAddress(context.clientEmail) ? context.clientEmail : addressInBlock(context.toBlock);
  return {
    success: true,
    to: to ? [to] : [],
    subject: defaultInvoiceEmailSubject(context.facts),
    message: defaultInvoiceEmailMessage(context.facts),
    reply_to: context.userEmail,
    attachment_name: invoiceFileName(context.facts.invoiceNumber, context.issuedDate),
    email_delivery_configured: app.mailer.delivering,
    email_verified: context.userEmailVerified,
  };
}

/**
 * POST /api/invoices/{id}/send: in one transaction, with the invoice's row locked, the e-mail is queued (its link
 * ensured), a draft becomes sent, and the activity entry and the notification are written. Nothing is written
 * when any of it fails. `origin` is where the link points (PUBLIC_URL, else the request's origin).
 */
export async function sendInvoice(
  app: FastifyInstance,
  userId: string,
  id: string,
  body: SendInvoiceBody,
  origin: string,
): Promise<SendInvoiceResponse> {
  const delivering = app.mailer.delivering;
  return app.db.transaction(async (tx) => {
    const current = await lockInvoiceForSending(tx, userId, id);
    if (!current) throw notFound(INVOICE_MESSAGES.notFound);
    const queued = await queueInvoiceEmail(app, tx, {
      invoiceId: id,
      userId,
      to: body.to,
      ccMe: body.cc_me,
      subject: body.subject,
      message: body.message,
      kind: 'invoice',
      origin,
    });
    // A draft becomes sent (docs/decisions/0029-invoice-statuses-and-the-overdue-rule.md); sending again a sent,
    // overdue or paid invoice changes no status. The `sent` entry says so; no separate "Status changed" entry.
    const markedSent = current.status === 'draft';
    const status = markedSent ? await markInvoiceSent(tx, userId, id) : await invoiceEffectiveStatus(tx, userId, id);
    await recordActivity(tx, {
      invoiceId: id,
      userId,
      kind: 'sent',
      data: {
        to: queued.to,
        ...(queued.cc.length > 0 ? { cc: queued.cc } : {}),
        ...(markedSent ? { marked_sent: true } : {}),
      },
    });
    await insertNotification(
      tx,
      invoiceSentNotification(userId, { id, invoiceNumber: current.invoiceNumber }, queued.to, delivering),
    );
    return {
      success: true as const,
      message: delivering
        ? SEND_MESSAGES.queued(current.invoiceNumber, queued.to)
        : SEND_MESSAGES.waiting(current.invoiceNumber),
      status,
      to: queued.to,
      cc: queued.cc,
      url: queued.url,
      email_delivery_configured: delivering,
    };
  });
}

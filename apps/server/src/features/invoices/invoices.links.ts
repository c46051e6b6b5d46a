import { INVOICE_MESSAGES, toInvoiceTotals } from '@invoicer/domain/api/invoices';
import { PUBLIC_LINK_MESSAGES, publicInvoicePdfPath, type PublicInvoice } from '@invoicer/domain/api/public-links';
import { resolveDocumentLanguage } from '@invoicer/domain/document-language';
import { logoRefToUrl, type InvoiceDocument } from '@invoicer/domain/invoice-document';
import { invoiceFileName } from '@invoicer/domain/invoice-number';
import { toDecimal } from '@invoicer/domain/money';
import { percentRateToDecimal } from '@invoicer/domain/percent';
import { computeTotals, type Adjustment } from '@invoicer/domain/totals';
import type { Database, DbExecutor } from '../../plugins/database';
import { notFound } from '../../plugins/errors';
import { insertNotification, invoiceViewedNotification } from '../../shared/notifications';
import {
  countLinkViews,
  ensurePublicLink,
  findLinkedInvoice,
  findPublicLink,
  hashLinkToken,
  isLinkToken,
  revokePublicLink,
  type LinkState,
  type LinkViews,
} from '../../shared/public-links';
import { contractCurrency } from './invoices.contract';
import { storedInvoiceTransfer, type StoredPaymentQr } from './invoices.payment-qr';
import {
  findInvoiceByLink,
  findInvoiceForPdf,
  findInvoiceHeads,
  lockInvoice,
  type LinkedInvoiceRow,
} from './invoices.queries';
import { toDocument, toPdfSource } from './invoices.stored-data';
import type { InvoiceWithJsonItems } from '../../pdf/invoice-json';

/**
 * An invoice's public link, for its owner and for whoever holds the link
 * (docs/product/public-links-and-activity.md). The tokens and rows are shared/public-links.ts's; this file
 * checks ownership, counts views and says what a recipient sees.
 */

// ---------------------------------------------------------------------------------------------
// The owner's calls

async function requireOwnInvoice(db: Database, userId: string, id: string): Promise<void> {
  const heads = await findInvoiceHeads(db, userId, [id]);
  if (heads.length === 0) throw notFound(INVOICE_MESSAGES.notFound);
}

/** GET /api/invoices/{id}/share: the link that is on, or null. */
export async function getPublicLink(db: Database, key: Buffer, userId: string, id: string): Promise<LinkState | null> {
  await requireOwnInvoice(db, userId, id);
  return findPublicLink(db, key, userId, id);
}

/**
 * POST /api/invoices/{id}/share: the link that is on (the same one on every call), or a new one; with `replace`
 * a new one whatever was on. The invoice's row lock makes concurrent calls agree on one link.
 */
export function sharePublicLink(
  db: Database,
  key: Buffer,
  userId: string,
  id: string,
  replace: boolean,
): Promise<LinkState & { created: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await lockInvoice(tx, userId, id))) throw notFound(INVOICE_MESSAGES.notFound);
    return ensurePublicLink(tx, key, userId, id, { replace });
  });
}

/** DELETE /api/invoices/{id}/share: the link stops working; turning off a link that is off changes nothing. */
export function turnOffPublicLink(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockInvoice(tx, userId, id))) throw notFound(INVOICE_MESSAGES.notFound);
    return revokePublicLink(tx, userId, id);
  });
}

// ---------------------------------------------------------------------------------------------
// The recipient's calls

const linkNotFound = () => notFound(PUBLIC_LINK_MESSAGES.notFound);

/**
 * The invoice a link leads to, and whether the caller (the stored id of their session cookie, if any) is its
 * owner, in one statement. Any token that is not a link that is on, well-formed or not, answers the same 404.
 * Counting the view is the route's, after its answer.
 */
export async function openLinkedInvoice(
  db: Database,
  token: string,
  sessionIdHash: string | null,
): Promise<LinkedInvoiceRow> {
  if (!isLinkToken(token)) throw linkNotFound();
  const row = await findInvoiceByLink(db, hashLinkToken(token), sessionIdHash);
  if (!row) throw linkNotFound();
  return row;
}

/**
 * Counts views of an invoice's link (the `invoice-links.views` job, in its transaction): the count and times on
 * the link's row, the activity entries, and, for the batch that holds the first view, the owner's notification
 * "Invoice {number} was viewed". The counting UPDATE makes that batch exactly one, whatever the processes.
 */
export async function countViews(tx: DbExecutor, views: LinkViews): Promise<void> {
  const counted = await countLinkViews(tx, views);
  if (!counted?.first) return;
  const [head] = await findInvoiceHeads(tx, counted.userId, [views.invoiceId]);
  if (!head) return;
  await insertNotification(
    tx,
    invoiceViewedNotification(counted.userId, { id: views.invoiceId, invoiceNumber: head.invoiceNumber }),
  );
}

/**
 * What the public PDF renders: the linked invoice as the engine reads a stored one (items as JSON
 * text, parsed on a PDF thread). Opening it counts no view: the page's opening was the view.
 */
export async function linkedInvoicePdfSource(db: Database, token: string): Promise<InvoiceWithJsonItems> {
  if (!isLinkToken(token)) throw linkNotFound();
  const target = await findLinkedInvoice(db, hashLinkToken(token));
  if (!target) throw linkNotFound();
  const row = await findInvoiceForPdf(db, target.userId, target.invoiceId);
  if (!row) throw linkNotFound();
  return toPdfSource(row, await storedInvoiceTransfer(db, row));
}

const printed = (adjustment: Adjustment) => ({
  shown: adjustment.enabled,
  percent: adjustment.type === 'percent' ? percentRateToDecimal(adjustment.value) : null,
});

/**
 * What the recipient sees: the printed invoice (the PDF's fields and figures, from the one totals function) and
 * nothing else: no id, no user, no linked client or business record, no stored-only field.
 */
export function toPublicInvoice(
  row: LinkedInvoiceRow,
  token: string,
  paymentQr: StoredPaymentQr | null = null,
): PublicInvoice {
  const document: InvoiceDocument = toDocument(row);
  const totals = computeTotals(document);
  return {
    // As its PDF prints (invoices.stored-data.ts, toPdfSource): its own, else its saved client's, else English.
    language: resolveDocumentLanguage(document.language, row.clientLanguage),
    invoice_number: document.invoiceNumber,
    status: row.status,
    issued_date: document.issuedDate,
    due_date: document.dueDate,
    currency: contractCurrency(row),
    from: document.from,
    to: document.to,
    logo_url: document.logo ? logoRefToUrl(document.logo) : null,
    items: document.items.map((item, index) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit ?? '',
      unit_cost: toDecimal(item.unitCost, document.currency),
      amount: toDecimal(totals.lines[index]!, document.currency),
    })),
    tax: printed(document.tax),
    discount: printed(document.discount),
    shipping: { shown: document.shipping.enabled },
    totals: toInvoiceTotals(totals, document.currency),
    amount_paid: toDecimal(Number(row.amountPaidMinor), document.currency),
    balance_due: toDecimal(Number(row.amountDueMinor), document.currency),
    payment_details: document.paymentDetails,
    payment_instructions: document.paymentInstructions,
    payment_qr: paymentQr && {
      svg: paymentQr.svg,
      name: paymentQr.transfer.name,
      iban: paymentQr.transfer.iban,
      bic: paymentQr.transfer.bic,
      amount: toDecimal(paymentQr.transfer.amountMinor, 'EUR'), // SEPA QR codes are EUR only
      remittance: paymentQr.transfer.remittance,
    },
    terms: document.terms,
    pdf_url: publicInvoicePdfPath(token),
    file_name: invoiceFileName(document.invoiceNumber, document.issuedDate),
  };
}

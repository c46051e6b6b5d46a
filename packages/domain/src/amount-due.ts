import type { CurrencyCode } from './currencies';
import { formatDateForReader } from './dates';
import { labelsFor } from './document-labels';
import { formatMoneyForReader, type Minor } from './money';
import type { InvoiceStatus } from './status';

/**
 * What is still owed on an invoice, in minor units: nothing once it is paid, else its total less what
 * its payments add up to, never below 0 (docs/decisions/0048-payments-and-the-balance.md). THE rule,
 * once in TypeScript; its SQL twin is the generated column invoices.amount_due_minor
 * (apps/server/src/db/schema.ts), which the list shows and sorts by and the dashboard sums, and a
 * server test keeps the two equal. The HTTP contract answers it as both `amount_due` and `balance_due`.
 */
export function amountDueMinor(invoice: { status: InvoiceStatus; totalMinor: Minor; amountPaidMinor: Minor }): Minor {
  if (invoice.status === 'paid') return 0;
  return Math.max(0, invoice.totalMinor - invoice.amountPaidMinor);
}

/**
 * The stored status an invoice takes once its payments or its total have changed
 * (docs/product/payments.md#the-status-follows-the-balance): paid when payments cover the total, back
 * to sent when a paid invoice owes something again, and out of draft as soon as it holds a payment (a
 * client who paid has the invoice). Overdue is never stored by this rule: a sent invoice past its due
 * date reads overdue anyway (status.ts, effectiveStatus).
 */
export function statusAfterPayments(invoice: {
  status: InvoiceStatus;
  totalMinor: Minor;
  amountPaidMinor: Minor;
}): InvoiceStatus {
  const { status, totalMinor, amountPaidMinor } = invoice;
  if (amountPaidMinor > 0 && amountPaidMinor >= totalMinor) return 'paid';
  if (status === 'paid' && amountPaidMinor < totalMinor) return 'sent';
  if (status === 'draft' && amountPaidMinor > 0) return 'sent';
  return status;
}

/**
 * The summary near the top of the PDF and the public page, as Stripe's invoices have it: what is due and by when,
 * "Amount due £1,172.49 by November 9, 2026" (the balance due once payments exist), "Paid in full" when payments
 * cover it. Dates are the document's long form, like Issued and Due beside it; with a document language, its
 * labels and formats ("Zu zahlen: 1.172,49 £ bis 9. November 2026").
 */
export function amountDueSummary(due: {
  amountDueMinor: Minor;
  amountPaidMinor: Minor;
  currency: CurrencyCode;
  dueDate: string | null;
  language?: string | null;
}): string {
  const labels = labelsFor(due.language);
  if (due.amountDueMinor === 0 && due.amountPaidMinor > 0) return labels.paidInFull;
  const amount = formatMoneyForReader(due.amountDueMinor, due.currency, due.language);
  return due.dueDate
    ? labels.amountDueBy(amount, formatDateForReader(due.dueDate, due.language))
    : labels.amountDue(amount);
}

import { amountDueMinor, statusAfterPayments } from '@invoicer/domain/amount-due';
import {
  MARK_AS_PAID_METHOD,
  overpaymentMessage,
  PAYMENT_MESSAGES,
  PAYMENTS_PER_INVOICE_MAX,
  type PaymentMethod,
  type PaymentSource,
} from '@invoicer/domain/api/payments';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '@invoicer/domain/currencies';
import { formatMoney, toDecimal } from '@invoicer/domain/money';
import { normalizeStatus, type InvoiceStatus } from '@invoicer/domain/status';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { invoices, payments } from '../db/schema';
import type { DbExecutor } from '../plugins/database';
import { badRequest } from '../plugins/errors';
import { recordActivity } from './activity';
import { TODAY_UTC } from './invoice-status-sql';
import { insertNotification, invoicePaidNotification, invoiceStatusNotification } from './notifications';

/**
 * The payment ledger (docs/decisions/0048-payments-and-the-balance.md; docs/product/payments.md): the one
 * writer of `payments` and of invoices.amount_paid_minor, used by the payments feature (Record payment,
 * delete) and by the invoices feature (a status change to or from Paid, a save that changes the total).
 * Every function runs in the caller's transaction, after lockLedgerInvoice took the invoice's row lock, so
 * concurrent payments of one invoice are serialized and can never overpay it together; each writes the
 * status that follows (statusAfterPayments), the activity entries and the notifications of its change in the
 * same transaction (docs/decisions/0027-rules-that-hold-everywhere.md#rule-6-writes-that-belong-together-are-one-transaction).
 */

/** An invoice as the ledger reads it: stored status and figures in minor units. */
export interface LedgerInvoice {
  id: string;
  userId: string;
  invoiceNumber: string;
  clientName: string;
  status: InvoiceStatus;
  currency: string;
  totalMinor: number;
  amountPaidMinor: number;
}

export interface PaymentRow {
  id: string;
  invoiceId: string;
  amountMinor: number;
  paidOn: string;
  method: PaymentMethod;
  note: string | null;
  source: PaymentSource;
  createdAt: Date;
}

const paymentColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  amountMinor: payments.amountMinor,
  paidOn: payments.paidOn,
  method: payments.method,
  note: payments.note,
  source: payments.source,
  createdAt: payments.createdAt,
};

/** The user's invoice with its row locked until the transaction ends; null when it is not theirs. */
export async function lockLedgerInvoice(tx: DbExecutor, userId: string, id: string): Promise<LedgerInvoice | null> {
  const [row] = await tx
    .select({
      id: invoices.id,
      userId: invoices.userId,
      invoiceNumber: invoices.invoiceNumber,
      clientName: invoices.clientName,
      status: invoices.status,
      currency: invoices.currency,
      totalMinor: invoices.totalMinor,
      amountPaidMinor: invoices.amountPaidMinor,
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)))
    .for('update');
  if (!row) return null;
  return {
    ...row,
    status: normalizeStatus(row.status) ?? 'draft',
    totalMinor: Number(row.totalMinor),
    amountPaidMinor: Number(row.amountPaidMinor),
  };
}

/** Every payment of the user's invoices, `limit` at a time in id order after `afterId` (the account export's pages). */
/** A payment of the account with its invoice's currency, which its amount is written in. */
export type AccountPaymentRow = PaymentRow & { currency: CurrencyCode };

export async function listAccountPayments(
  db: DbExecutor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<AccountPaymentRow[]> {
  const rows = await db
    .select({ ...paymentColumns, currency: invoices.currency })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(afterId === null ? eq(payments.userId, userId) : and(eq(payments.userId, userId), gt(payments.id, afterId)))
    .orderBy(asc(payments.id))
    .limit(limit);
  return rows.map((row) => ({ ...toPaymentRow(row), currency: ledgerCurrency(row) }));
}

/** The invoice's payments, newest first (by date, then by when they were recorded). */
export async function listPayments(db: DbExecutor, userId: string, invoiceId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.userId, userId)))
    .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENTS_PER_INVOICE_MAX);
  return rows.map(toPaymentRow);
}

function toPaymentRow(row: Record<keyof typeof paymentColumns, unknown>): PaymentRow {
  return {
    id: row.id as string,
    invoiceId: row.invoiceId as string,
    amountMinor: Number(row.amountMinor),
    paidOn: row.paidOn as string,
    method: row.method as PaymentMethod,
    note: (row.note as string | null) ?? null,
    source: row.source as PaymentSource,
    createdAt: row.createdAt as Date,
  };
}

/** The invoice's currency (every stored one is listed; the fallback keeps the type honest). */
export const ledgerCurrency = (invoice: Pick<LedgerInvoice, 'currency'>): CurrencyCode =>
  isCurrencyCode(invoice.currency) ? invoice.currency : DEFAULT_CURRENCY;

/** What the invoice still owes, as every page shows it (the domain's amountDueMinor). */
export const balanceDueMinor = (invoice: Pick<LedgerInvoice, 'status' | 'totalMinor' | 'amountPaidMinor'>) =>
  amountDueMinor(invoice);

/** A payment's fields in its activity entry (packages/domain/src/api/activity.ts says what each kind holds). */
const activityData = (invoice: LedgerInvoice, payment: Pick<PaymentRow, 'amountMinor' | 'method' | 'source'>) => ({
  amount: toDecimal(payment.amountMinor, ledgerCurrency(invoice)),
  currency: invoice.currency,
  method: payment.method,
  ...(payment.source === 'mark_as_paid' ? { source: 'mark_as_paid' } : {}),
});

/**
 * Writes the invoice's new paid amount (and total, for a save) and the status that follows from them, with the
 * status change's activity entry and notification. Returns the invoice as it now stands.
 */
async function settle(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  next: { amountPaidMinor: number; status?: InvoiceStatus },
): Promise<LedgerInvoice> {
  const status = next.status ?? statusAfterPayments({ ...invoice, amountPaidMinor: next.amountPaidMinor });
  const after: LedgerInvoice = { ...invoice, amountPaidMinor: next.amountPaidMinor, status };
  if (after.amountPaidMinor === invoice.amountPaidMinor && after.status === invoice.status) return after;
  await tx
    .update(invoices)
    .set({ amountPaidMinor: after.amountPaidMinor, status: after.status, updatedAt: sql`now()` })
    .where(and(eq(invoices.userId, invoice.userId), eq(invoices.id, invoice.id)));
  if (after.status !== invoice.status) await recordStatusChange(tx, invoice, invoice.status, after.status);
  return after;
}

/**
 * A change of the stored status: its activity entry and its notification ("paid in full" when payments made it
 * paid, the usual status sentence otherwise).
 */
export async function recordStatusChange(
  tx: DbExecutor,
  invoice: Pick<LedgerInvoice, 'id' | 'userId' | 'invoiceNumber' | 'totalMinor' | 'currency'>,
  from: string,
  to: InvoiceStatus,
  options: { byPayments?: boolean } = { byPayments: true },
): Promise<void> {
  const ref = { id: invoice.id, invoiceNumber: invoice.invoiceNumber };
  await insertNotification(
    tx,
    to === 'paid' && options.byPayments
      ? invoicePaidNotification(invoice.userId, ref, formatMoney(invoice.totalMinor, ledgerCurrency(invoice)))
      : invoiceStatusNotification(invoice.userId, ref, from, to),
  );
  await recordActivity(tx, {
    invoiceId: invoice.id,
    userId: invoice.userId,
    kind: 'status_changed',
    data: { from, to },
  });
}

async function insertPayment(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  payment: {
    amountMinor: number;
    paidOn: string | null;
    method: PaymentMethod;
    note: string | null;
    source: PaymentSource;
  },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      userId: invoice.userId,
      amountMinor: payment.amountMinor,
      paidOn: payment.paidOn ?? sql`${TODAY_UTC}`,
      method: payment.method,
      note: payment.note,
      source: payment.source,
      // The time of the write (not the transaction's start), like the activity log: payments recorded one after
      // the other under the invoice's lock keep their order.
      createdAt: sql`clock_timestamp()`,
    })
    .returning(paymentColumns);
  const inserted = toPaymentRow(row!);
  await recordActivity(tx, {
    invoiceId: invoice.id,
    userId: invoice.userId,
    kind: 'payment',
    data: activityData(invoice, inserted),
  });
  return inserted;
}

/**
 * POST /api/invoices/{id}/payments: a payment the user received. Refused with a 400 that says how much is
 * due when it is more than the balance, or when nothing is due. A draft leaves draft with it
 * (docs/product/payments.md#drafts).
 */
export async function recordPayment(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  input: { amountMinor: number; paidOn: string; method: PaymentMethod; note: string | null },
): Promise<{ payment: PaymentRow; invoice: LedgerInvoice }> {
  const due = balanceDueMinor(invoice);
  if (due === 0) throw badRequest(PAYMENT_MESSAGES.nothingDue(invoice.invoiceNumber));
  if (input.amountMinor > due) {
    const message = overpaymentMessage(input.amountMinor, due, ledgerCurrency(invoice));
    throw badRequest(message, [message]);
  }
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id));
  if (count >= PAYMENTS_PER_INVOICE_MAX) throw badRequest(PAYMENT_MESSAGES.tooMany);
  const payment = await insertPayment(tx, invoice, { ...input, source: 'manual' });
  const after = await settle(tx, invoice, { amountPaidMinor: invoice.amountPaidMinor + payment.amountMinor });
  return { payment, invoice: after };
}

/** DELETE /api/invoices/{id}/payments/{paymentId}: null when the invoice has no such payment. */
export async function deletePayment(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  paymentId: string,
): Promise<{ payment: PaymentRow; invoice: LedgerInvoice } | null> {
  const [row] = await tx
    .delete(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoice.id), eq(payments.userId, invoice.userId)))
    .returning(paymentColumns);
  if (!row) return null;
  const payment = toPaymentRow(row);
  await recordActivity(tx, {
    invoiceId: invoice.id,
    userId: invoice.userId,
    kind: 'payment_deleted',
    data: activityData(invoice, payment),
  });
  const after = await settle(tx, invoice, {
    amountPaidMinor: Math.max(0, invoice.amountPaidMinor - payment.amountMinor),
  });
  return { payment, invoice: after };
}

/**
 * Records what Mark as Paid records: a payment of the balance (the total less what was paid), dated today (UTC),
 * method other, source mark_as_paid; nothing when nothing is left to pay. Writes the paid amount, not the status
 * (the caller's). Also used by a new invoice saved as paid.
 */
export async function payInFull(tx: DbExecutor, invoice: LedgerInvoice): Promise<LedgerInvoice> {
  const after = await insertMarkAsPaid(tx, invoice);
  if (after !== invoice) await writeAmountPaid(tx, after);
  return after;
}

/**
 * Removes the payments a status change to Paid recorded (source mark_as_paid), each with its activity entry, and
 * writes what stays paid; the status is the caller's to write. Payments the user recorded stay.
 */
export async function releaseMarkAsPaid(tx: DbExecutor, invoice: LedgerInvoice): Promise<LedgerInvoice> {
  const after = await deleteMarkAsPaid(tx, invoice);
  if (after !== invoice) await writeAmountPaid(tx, after);
  return after;
}

/** payInFull's payment, without writing the invoice row: the invoice as it will stand (the same object if nothing is due). */
async function insertMarkAsPaid(tx: DbExecutor, invoice: LedgerInvoice): Promise<LedgerInvoice> {
  const due = Math.max(0, invoice.totalMinor - invoice.amountPaidMinor);
  if (due === 0) return invoice;
  await insertPayment(tx, invoice, {
    amountMinor: due,
    paidOn: null,
    method: MARK_AS_PAID_METHOD,
    note: null,
    source: 'mark_as_paid',
  });
  return { ...invoice, amountPaidMinor: invoice.totalMinor };
}

/** releaseMarkAsPaid's deletes, without writing the invoice row: the invoice as it will stand (the same object if none). */
async function deleteMarkAsPaid(tx: DbExecutor, invoice: LedgerInvoice): Promise<LedgerInvoice> {
  const removed = await tx
    .delete(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.source, 'mark_as_paid')))
    .returning(paymentColumns);
  if (removed.length === 0) return invoice;
  let paid = invoice.amountPaidMinor;
  for (const row of removed.map(toPaymentRow)) {
    paid -= row.amountMinor;
    await recordActivity(tx, {
      invoiceId: invoice.id,
      userId: invoice.userId,
      kind: 'payment_deleted',
      data: activityData(invoice, row),
    });
  }
  return { ...invoice, amountPaidMinor: Math.max(0, paid) };
}

async function writeAmountPaid(tx: DbExecutor, invoice: LedgerInvoice): Promise<void> {
  await tx
    .update(invoices)
    .set({ amountPaidMinor: invoice.amountPaidMinor })
    .where(and(eq(invoices.userId, invoice.userId), eq(invoices.id, invoice.id)));
}

/**
 * A status change asked for through the status route or a save (docs/product/payments.md#mark-as-paid and
 * #setting-the-status-back-from-paid):
 * - to Paid: a payment of the balance, dated today (UTC), method other, source mark_as_paid; none when nothing
 *   is due (a total of 0);
 * - from Paid to anything else: the payments a status change to Paid recorded are removed; refused when the
 *   payments the user recorded still cover the total;
 * - to Draft: refused while the invoice holds payments;
 * - otherwise: the status is stored as asked, payments untouched.
 * Returns the invoice as it now stands; writes the activity and notification of the change.
 */
export async function changeStatus(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  status: InvoiceStatus,
): Promise<LedgerInvoice> {
  if (status === invoice.status) return invoice;
  // The invoice row is written once, below: each write of it also writes the invoice_stats rows of its group, and
  // one write holds fewer of them at a time than two (plugins/database.ts, createDatabase, on deadlocks).
  let current = invoice;
  if (status === 'paid') {
    current = await insertMarkAsPaid(tx, invoice);
  } else if (invoice.status === 'paid') {
    current = await deleteMarkAsPaid(tx, invoice);
    if (current.totalMinor > 0 && current.amountPaidMinor >= current.totalMinor) {
      throw badRequest(PAYMENT_MESSAGES.paidByPayments(invoice.invoiceNumber));
    }
  }
  if (status === 'draft' && current.amountPaidMinor > 0) {
    throw badRequest(PAYMENT_MESSAGES.draftWithPayments(invoice.invoiceNumber));
  }
  const after: LedgerInvoice = { ...current, status };
  await tx
    .update(invoices)
    .set({ amountPaidMinor: after.amountPaidMinor, status, updatedAt: sql`now()` })
    .where(and(eq(invoices.userId, invoice.userId), eq(invoices.id, invoice.id)));
  await recordStatusChange(tx, invoice, invoice.status, status, { byPayments: false });
  return after;
}

/**
 * A save of an invoice that holds payments (docs/product/payments.md#editing-an-invoice-that-has-payments):
 * its currency cannot change, and its total cannot fall below what was paid (both a 400 before anything is
 * written). Call before the save's writes.
 */
export function checkSaveAgainstPayments(invoice: LedgerInvoice, next: { totalMinor: number; currency: string }): void {
  if (invoice.amountPaidMinor === 0) return;
  if (next.currency !== invoice.currency) throw badRequest(PAYMENT_MESSAGES.currencyLocked(invoice.currency));
  if (next.totalMinor < invoice.amountPaidMinor) {
    const currency = ledgerCurrency(invoice);
    throw badRequest(
      PAYMENT_MESSAGES.totalBelowPaid(
        formatMoney(next.totalMinor, currency),
        formatMoney(invoice.amountPaidMinor, currency),
      ),
    );
  }
}

/**
 * After a save changed the total (the row already written): the status that follows from the payments and the
 * new total, a paid invoice whose total grew reading Sent again, a sent one that its payments now cover reading
 * Paid.
 */
export async function settleAfterSave(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  next: { totalMinor: number; status: InvoiceStatus },
): Promise<LedgerInvoice> {
  const saved: LedgerInvoice = { ...invoice, totalMinor: next.totalMinor, status: next.status };
  // Nothing paid and not paid: payments have nothing to say about the status (a sent invoice of 0 stays sent).
  if (saved.amountPaidMinor === 0 && saved.status !== 'paid') return saved;
  return settle(tx, saved, { amountPaidMinor: saved.amountPaidMinor });
}

/**
 * An import's payments (docs/product/importing.md#restoring-an-invoicer-export): the rows as the export lists them,
 * written at once with the paid amount they add up to, on an invoice the import has just inserted (so no other writer
 * knows it yet). Its status is the import's to write; no activity or notification per payment. Answers false, writing
 * nothing, when they add up to more than the total.
 */
export async function restorePayments(
  tx: DbExecutor,
  invoice: LedgerInvoice,
  rows: Array<{
    amountMinor: number;
    paidOn: string;
    method: PaymentMethod;
    note: string | null;
    source: PaymentSource;
  }>,
): Promise<boolean> {
  const paid = rows.reduce((sum, row) => sum + row.amountMinor, 0);
  if (rows.length === 0) return true;
  if (paid > invoice.totalMinor || rows.length > PAYMENTS_PER_INVOICE_MAX) return false;
  await tx.insert(payments).values(rows.map((row) => ({ ...row, invoiceId: invoice.id, userId: invoice.userId })));
  await writeAmountPaid(tx, { ...invoice, amountPaidMinor: paid });
  return true;
}

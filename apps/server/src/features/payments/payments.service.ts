import { INVOICE_MESSAGES } from '@invoicer/domain/api/invoices';
import {
  PAYMENT_MESSAGES,
  paymentAmountMinor,
  type Payment,
  type PaymentBalance,
  type PaymentBody,
} from '@invoicer/domain/api/payments';
import { getCurrency, isCurrencyCode, type CurrencyCode } from '@invoicer/domain/currencies';
import { toDecimal } from '@invoicer/domain/money';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, notFound } from '../../plugins/errors';
import {
  deletePayment,
  ledgerCurrency,
  listPayments,
  lockLedgerInvoice,
  recordPayment,
  type PaymentRow,
} from '../../shared/payment-ledger';
import { findBalance, type BalanceRow } from './payments.queries';

/**
 * Payments on an invoice (docs/product/payments.md): the rules live in the payment ledger
 * (src/shared/payment-ledger.ts), shared with the invoices feature's status changes and saves; this file
 * checks ownership and shapes the answers. Another user's invoice or payment answers 404 like one that does not
 * exist.
 */

export function toPayment(row: PaymentRow, currency: CurrencyCode): Payment {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    amount: toDecimal(row.amountMinor, currency),
    date: row.paidOn,
    method: row.method,
    note: row.note,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}

function toBalance(row: BalanceRow): PaymentBalance {
  const code = isCurrencyCode(row.currency) ? row.currency : 'EUR';
  const currency = getCurrency(code);
  return {
    status: row.status,
    currency: { code: currency.code, symbol: currency.symbol, label: currency.label },
    total_amount: toDecimal(Number(row.totalMinor), code),
    amount_paid: toDecimal(Number(row.amountPaidMinor), code),
    balance_due: toDecimal(Number(row.amountDueMinor), code),
  };
}

async function balanceOf(db: DbExecutor, userId: string, invoiceId: string): Promise<PaymentBalance> {
  const row = await findBalance(db, userId, invoiceId);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return toBalance(row);
}

/** GET /api/invoices/{id}/payments */
export async function getPayments(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<{ payments: Payment[]; invoice: PaymentBalance }> {
  const invoice = await balanceOf(db, userId, invoiceId);
  const rows = await listPayments(db, userId, invoiceId);
  return { payments: rows.map((row) => toPayment(row, invoice.currency.code)), invoice };
}

/** POST /api/invoices/{id}/payments: under the invoice's row lock, so two payments can never overpay it together. */
export function addPayment(
  db: Database,
  userId: string,
  invoiceId: string,
  body: PaymentBody,
): Promise<{ payment: Payment; invoice: PaymentBalance }> {
  return db.transaction(async (tx) => {
    const invoice = await lockLedgerInvoice(tx, userId, invoiceId);
    if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
    const currency = ledgerCurrency(invoice);
    const amount = paymentAmountMinor(body.amount, currency);
    if (!amount.ok) throw badRequest(amount.message);
    const { payment } = await recordPayment(tx, invoice, {
      amountMinor: amount.value,
      paidOn: body.date,
      method: body.method,
      note: body.note,
    });
    return { payment: toPayment(payment, currency), invoice: await balanceOf(tx, userId, invoiceId) };
  });
}

/** DELETE /api/invoices/{id}/payments/{paymentId} */
export function removePayment(
  db: Database,
  userId: string,
  invoiceId: string,
  paymentId: string,
): Promise<{ invoice: PaymentBalance }> {
  return db.transaction(async (tx) => {
    const invoice = await lockLedgerInvoice(tx, userId, invoiceId);
    if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
    const deleted = await deletePayment(tx, invoice, paymentId);
    if (!deleted) throw notFound(PAYMENT_MESSAGES.notFound);
    return { invoice: await balanceOf(tx, userId, invoiceId) };
  });
}

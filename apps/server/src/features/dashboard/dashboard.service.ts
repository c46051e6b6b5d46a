import { getCurrency, isCurrencyCode, type CurrencyCode } from '@invoicer/domain/currencies';
import type { CurrencyTotal, DashboardSummary } from '@invoicer/domain/api/dashboard';
import { toDecimal } from '@invoicer/domain/money';
import type pg from 'pg';
import { selectSummary } from './dashboard.queries';

/**
 * The dashboard summary (docs/product/dashboard.md#figures, docs/decisions/0030-dashboard-figures.md): for one
 * currency, revenue (the money received: payments, docs/decisions/0048-payments-and-the-balance.md), outstanding
 * (the balance due of sent + overdue invoices), counts that partition the invoices by effective status, the
 * newest invoices, a 12-month series and the per-currency panel. Nothing is summed across currencies. Everything is
 * computed in SQL; this file only shapes the answer.
 */

/** The recent-invoice label when the To block has no first line (docs/product/dashboard.md#recent-invoices). */
export const UNKNOWN_CUSTOMER = 'Unknown Customer';

const amount = (minorText: string, currency: CurrencyCode) => toDecimal(Number(minorText), currency);

export async function getDashboardSummary(
  pool: pg.Pool,
  userId: string,
  requested: CurrencyCode | undefined,
): Promise<DashboardSummary> {
  const row = await selectSummary(pool, userId, requested);
  // Every stored currency was validated on the way in; the filter keeps the answer inside the contract regardless.
  const perCurrency = row.per_currency.filter((entry) => isCurrencyCode(entry.currency));
  const currency = (isCurrencyCode(row.currency) ? row.currency : (requested ?? 'EUR')) as CurrencyCode;
  const figures = perCurrency.find((entry) => entry.currency === currency);

  const currencyTotals: CurrencyTotal[] = perCurrency.map((entry) => ({
    currency: entry.currency as CurrencyCode,
    currency_symbol: getCurrency(entry.currency as CurrencyCode).symbol,
    invoice_count: entry.invoice_count,
    total_amount: amount(entry.total, entry.currency as CurrencyCode),
    total_revenue: amount(entry.revenue, entry.currency as CurrencyCode),
    total_outstanding: amount(entry.outstanding, entry.currency as CurrencyCode),
  }));

  return {
    currency,
    currency_symbol: getCurrency(currency).symbol,
    available_currencies: perCurrency.map((entry) => entry.currency as CurrencyCode),
    total_revenue: figures ? amount(figures.revenue, currency) : 0,
    total_outstanding: figures ? amount(figures.outstanding, currency) : 0,
    total_invoices: figures?.invoice_count ?? 0,
    draft_invoices: figures?.draft ?? 0,
    unpaid_invoices: figures?.unpaid ?? 0,
    paid_invoices: figures?.paid ?? 0,
    overdue_invoices: figures?.overdue ?? 0,
    unique_clients: row.clients,
    invoices: row.recent
      .filter((invoice) => isCurrencyCode(invoice.currency))
      .map((invoice) => ({
        id: invoice.id,
        invoice_number: invoice.invoice_number,
        status: invoice.status,
        created_at: invoice.created_at,
        issued_date: invoice.issued_date,
        due_date: invoice.due_date,
        total_amount: amount(invoice.total, invoice.currency as CurrencyCode),
        currency: invoice.currency as CurrencyCode,
        client_name: invoice.client_name.trim() || UNKNOWN_CUSTOMER,
      })),
    currency_totals: currencyTotals,
    monthly: row.monthly.map((month) => ({
      month: month.month,
      paid: amount(month.paid, currency),
      outstanding: amount(month.outstanding, currency),
    })),
  };
}

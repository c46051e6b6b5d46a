import { z } from 'zod';
import { invoiceStatusSchema } from '../status';
import { amountSchema, currencyCodeSchema, currencyInputSchema, timestampSchema, userIdField } from './common';

/** Recent invoices on the dashboard (docs/product/dashboard.md#recent-invoices). */
export const DASHBOARD_RECENT_INVOICES = 4;

/** GET /api/dashboard/summary?user_id&currency. Without a currency the server uses the user's default. */
export const dashboardQuerySchema = z.object({
  user_id: userIdField,
  currency: currencyInputSchema,
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A recent invoice card: currency is a code here (docs/product/entities.md#dashboard-summary). */
export const dashboardInvoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  status: invoiceStatusSchema,
  created_at: timestampSchema,
  issued_date: z.string().nullable(),
  due_date: z.string().nullable(),
  total_amount: amountSchema,
  currency: currencyCodeSchema,
  client_name: z.string(),
});
export type DashboardInvoice = z.infer<typeof dashboardInvoiceSchema>;

/** One row of the Currency Totals panel; the server sorts rows by currency code. */
export const currencyTotalSchema = z.object({
  currency: currencyCodeSchema,
  currency_symbol: z.string(),
  invoice_count: z.number().int(),
  total_amount: amountSchema,
  total_revenue: amountSchema,
  total_outstanding: amountSchema,
});
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

/** Months in the dashboard chart: the current month and the 11 before it. */
export const DASHBOARD_CHART_MONTHS = 12;

/**
 * One month of the chart, by issued date (created date when none): what was paid (payments) and what is still
 * outstanding (the balance due of sent + overdue) among that month's invoices, in the selected currency.
 */
export const dashboardMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  paid: amountSchema,
  outstanding: amountSchema,
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

/**
 * Figures for one currency, never summed across currencies (docs/decisions/0030-dashboard-figures.md).
 * Revenue = the money received (the sum of the payments); outstanding = the balance due of sent + overdue
 * invoices (docs/decisions/0048-payments-and-the-balance.md). The counts partition the invoices by effective
 * status: total = draft + unpaid (sent, not yet due) + paid + overdue.
 */
export const dashboardSummarySchema = z.object({
  currency: currencyCodeSchema,
  currency_symbol: z.string(),
  /** Currencies the user's invoices use, sorted; the dropdown shows when there is more than one. */
  available_currencies: z.array(currencyCodeSchema),
  total_revenue: amountSchema,
  total_outstanding: amountSchema,
  total_invoices: z.number().int(),
  draft_invoices: z.number().int(),
  unpaid_invoices: z.number().int(),
  paid_invoices: z.number().int(),
  overdue_invoices: z.number().int(),
  /** The Clients card: the user's saved clients, in every currency (names typed on invoices are not clients). */
  unique_clients: z.number().int(),
  /** The newest DASHBOARD_RECENT_INVOICES by created_at, in this currency. */
  invoices: z.array(dashboardInvoiceSchema),
  currency_totals: z.array(currencyTotalSchema),
  /** DASHBOARD_CHART_MONTHS entries, oldest first, months without invoices included as zeros. */
  monthly: z.array(dashboardMonthSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardSummaryResponseSchema = z.object({ success: z.literal(true), data: dashboardSummarySchema });
export type DashboardSummaryResponse = z.infer<typeof dashboardSummaryResponseSchema>;

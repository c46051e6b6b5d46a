import { DASHBOARD_CHART_MONTHS, DASHBOARD_RECENT_INVOICES } from '@invoicer/domain/api/dashboard';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { clients, invoices, invoiceStats, users } from '../../db/schema';
import { effectiveStatusSql, pastDueSentSql } from '../../shared/invoice-status-sql';

/**
 * The dashboard's SQL: every figure of one summary in one statement, from the per-user aggregate
 * invoice_stats and two short index ranges. Statuses are the effective status of
 * shared/invoice-status-sql.ts (the one definition of overdue).
 * Money stays integer minor units; sums travel as text (a bigint sum may pass 2^53).
 */

/** One currency's figures over all the user's invoices in it. */
export interface CurrencyFiguresRow {
  currency: string;
  invoice_count: number;
  total: string;
  revenue: string;
  outstanding: string;
  draft: number;
  unpaid: number;
  paid: number;
  overdue: number;
}

export interface RecentInvoiceRow {
  id: string;
  invoice_number: string;
  status: InvoiceStatus;
  created_at: string;
  issued_date: string | null;
  due_date: string | null;
  total: string;
  currency: string;
  client_name: string;
}

export interface MonthRow {
  month: string;
  paid: string;
  outstanding: string;
}

export interface SummaryRow {
  /** The currency the figures below are for: the requested one, else the user's default or most used. */
  currency: string;
  /** Every currency the user has invoices in, with its figures, sorted by code. */
  per_currency: CurrencyFiguresRow[];
  recent: RecentInvoiceRow[];
  monthly: MonthRow[];
  clients: number;
}

const u = sql.raw('$1::uuid');
const requested = sql.raw('$2::text');

/**
 * Parts:
 * - `per_status`: the user's invoices counted and summed by currency and STORED status, from the
 *   per-user aggregate invoice_stats (an index-only scan of a few rows per currency and month);
 * - `late`: per currency, the stored-sent invoices past their due date (pastDueSentSql, the
 *   invoices feature's one definition of overdue; a range of invoices_user_sent_due_idx), which
 *   the effective status moves from sent to overdue. Sums are untouched by the move: revenue is
 *   the money received (the payments of every invoice, kept as paid_minor), outstanding the balance due of
 *   sent + overdue invoices (due_minor), whatever the due date (docs/decisions/0048-payments-and-the-balance.md);
 * - `chosen`: the requested currency; else the user's default currency if they have invoices in
 *   it; else the one with the most invoices (ties by code); else the default currency;
 * - `by_month`: the chosen currency's received and outstanding sums of the last DASHBOARD_CHART_MONTHS
 *   calendar months from invoice_stats (its month is the issued date's, the created date's in UTC
 *   when there is none), joined to every month so empty ones are zeros;
 * - `recent`: the chosen currency's newest invoices, straight from invoices_user_currency_created_idx.
 * The chosen code is char(3) like the columns, so the comparisons stay index conditions.
 */
const summarySql = sql`
with per_status as (
  select ${invoiceStats.currency} as currency, ${invoiceStats.status} as status,
         sum(${invoiceStats.invoiceCount})::int as n, sum(${invoiceStats.totalMinor}) as total,
         sum(${invoiceStats.paidMinor}) as paid, sum(${invoiceStats.dueMinor}) as due
    from ${invoiceStats}
   where ${invoiceStats.userId} = ${u}
   group by 1, 2
),
late as (
  select ${invoices.currency} as currency, count(*)::int as n
    from ${invoices}
   where ${invoices.userId} = ${u} and ${pastDueSentSql()}
   group by 1
),
per_currency as (
  select p.currency::text as currency,
         sum(p.n)::int as invoice_count,
         sum(p.total)::text as total,
         coalesce(sum(p.paid), 0)::text as revenue,
         coalesce(sum(p.due) filter (where p.status in ('sent', 'overdue')), 0)::text as outstanding,
         coalesce(sum(p.n) filter (where p.status = 'draft'), 0)::int as draft,
         (coalesce(sum(p.n) filter (where p.status = 'sent'), 0) - coalesce(max(l.n), 0))::int as unpaid,
         coalesce(sum(p.n) filter (where p.status = 'paid'), 0)::int as paid,
         (coalesce(sum(p.n) filter (where p.status = 'overdue'), 0) + coalesce(max(l.n), 0))::int as overdue
    from per_status p left join late l on l.currency = p.currency
   group by p.currency
),
chosen as (
  select coalesce(
           ${requested},
           (select p.currency from per_currency p join ${users} on ${users.id} = ${u}
             where p.currency = ${users.defaultCurrency}::text),
           (select p.currency from per_currency p order by p.invoice_count desc, p.currency limit 1),
           (select ${users.defaultCurrency}::text from ${users} where ${users.id} = ${u})
         )::char(3) as code
),
months as (
  select (date_trunc('month', now() at time zone 'UTC') - make_interval(months => n))::date as start
    from generate_series(0, ${sql.raw(String(DASHBOARD_CHART_MONTHS - 1))}) as n
),
by_month as (
  select ${invoiceStats.month} as start,
         coalesce(sum(${invoiceStats.paidMinor}), 0) as paid,
         coalesce(sum(${invoiceStats.dueMinor}) filter (where ${invoiceStats.status} in ('sent', 'overdue')), 0) as outstanding
    from ${invoiceStats}
   where ${invoiceStats.userId} = ${u} and ${invoiceStats.currency} = (select code from chosen)
     and ${invoiceStats.month} >= (select min(start) from months)
   group by 1
),
recent as (
  select ${invoices.id} as id, ${invoices.createdAt} as created_ts,
         ${invoices.invoiceNumber} as invoice_number, ${effectiveStatusSql()} as status,
         to_char(${invoices.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
         ${invoices.issuedDate} as issued_date, ${invoices.dueDate} as due_date,
         ${invoices.totalMinor}::text as total, ${invoices.currency}::text as currency,
         ${invoices.clientName} as client_name
    from ${invoices}
   where ${invoices.userId} = ${u} and ${invoices.currency} = (select code from chosen)
   order by ${invoices.createdAt} desc, ${invoices.id} desc
   limit ${sql.raw(String(DASHBOARD_RECENT_INVOICES))}
)
select
  (select code::text from chosen) as currency,
  (select coalesce(json_agg(p order by p.currency), '[]'::json) from per_currency p) as per_currency,
  (select coalesce(json_agg(to_jsonb(r) - 'created_ts' order by r.created_ts desc, r.id desc), '[]'::json)
     from recent r) as recent,
  (select json_agg(json_build_object(
            'month', to_char(months.start, 'YYYY-MM'),
            'paid', coalesce(by_month.paid, 0)::text,
            'outstanding', coalesce(by_month.outstanding, 0)::text)
          order by months.start)
     from months left join by_month using (start)) as monthly,
  (select count(*)::int from ${clients} where ${clients.userId} = ${u}) as clients
`;

/**
 * Rendered once ($1 the user id, $2 the requested currency or null) and run as a named prepared statement on the pool (parsed and planned once per
 * connection), as the invoices feature does with its hot reads.
 */
export const summaryText = new PgDialect().sqlToQuery(summarySql).sql;

/** The whole summary for `userId`, for `currency` when given (the caller checked it is a currency code). */
export async function selectSummary(pool: pg.Pool, userId: string, currency: string | undefined): Promise<SummaryRow> {
  const { rows } = await pool.query<SummaryRow>({
    name: 'dashboard_summary',
    text: summaryText,
    values: [userId, currency ?? null],
  });
  return rows[0]!;
}

import { DASHBOARD_CHART_MONTHS, DASHBOARD_RECENT_INVOICES } from '@invoicer/domain/api/dashboard';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { clients, invoices, users } from '../../db/schema';
import { effectiveStatusSql } from '../invoices/invoices.queries';

/**
 * The dashboard's SQL: every figure of one summary in one statement, one pass over the user's
 * invoices. Statuses are the invoices feature's effective status (its one definition of overdue).
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
 * - `mine`: the user's invoices reduced to what the figures need (one index range; materialized,
 *   since three parts read it).
 * - `chosen`: the requested currency; else the user's default currency if they have invoices in
 *   it; else the one with the most invoices (ties by code); else the default currency.
 * - `monthly`: DASHBOARD_CHART_MONTHS calendar months (UTC) ending with the current one, by issued
 *   date (created date when none), months without invoices as zeros.
 */
const summarySql = sql`
with mine as materialized (
  select ${invoices.id} as id, ${invoices.currency}::text as currency, ${effectiveStatusSql()} as status,
         ${invoices.totalMinor} as total_minor, ${invoices.createdAt} as created_at,
         coalesce(${invoices.issuedDate}, (${invoices.createdAt} at time zone 'UTC')::date) as day
    from ${invoices}
   where ${invoices.userId} = ${u}
),
per_currency as (
  select currency,
         count(*)::int as invoice_count,
         coalesce(sum(total_minor), 0)::text as total,
         coalesce(sum(total_minor) filter (where status = 'paid'), 0)::text as revenue,
         coalesce(sum(total_minor) filter (where status in ('sent', 'overdue')), 0)::text as outstanding,
         (count(*) filter (where status = 'draft'))::int as draft,
         (count(*) filter (where status = 'sent'))::int as unpaid,
         (count(*) filter (where status = 'paid'))::int as paid,
         (count(*) filter (where status = 'overdue'))::int as overdue
    from mine
   group by currency
),
chosen as (
  select coalesce(
           ${requested},
           (select p.currency from per_currency p join ${users} on ${users.id} = ${u}
             where p.currency = ${users.defaultCurrency}::text),
           (select p.currency from per_currency p order by p.invoice_count desc, p.currency limit 1),
           (select ${users.defaultCurrency}::text from ${users} where ${users.id} = ${u})
         ) as code
),
months as (
  select (date_trunc('month', now() at time zone 'UTC') - make_interval(months => n))::date as start
    from generate_series(0, ${sql.raw(String(DASHBOARD_CHART_MONTHS - 1))}) as n
),
by_month as (
  select date_trunc('month', day)::date as start,
         coalesce(sum(total_minor) filter (where status = 'paid'), 0) as paid,
         coalesce(sum(total_minor) filter (where status in ('sent', 'overdue')), 0) as outstanding
    from mine
   where currency = (select code from chosen) and day >= (select min(start) from months)
   group by 1
),
recent as (
  select id, status
    from mine
   where currency = (select code from chosen)
   order by created_at desc, id desc
   limit ${sql.raw(String(DASHBOARD_RECENT_INVOICES))}
)
select
  (select code from chosen) as currency,
  (select coalesce(json_agg(p order by p.currency), '[]'::json) from per_currency p) as per_currency,
  (select coalesce(json_agg(r order by r.created_at desc, r.id desc), '[]'::json) from (
     select i.id, i.invoice_number, recent.status,
            to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            i.issued_date, i.due_date, i.total_minor::text as total, i.currency::text as currency, i.client_name
       from recent join ${invoices} i on i.id = recent.id
  ) r) as recent,
  (select json_agg(json_build_object(
            'month', to_char(months.start, 'YYYY-MM'),
            'paid', coalesce(by_month.paid, 0)::text,
            'outstanding', coalesce(by_month.outstanding, 0)::text)
          order by months.start)
     from months left join by_month using (start)) as monthly,
  (select count(*)::int from ${clients} where ${clients.userId} = ${u}) as clients
`;

/**
 * Rendered once and run as a named prepared statement on the pool (parsed and planned once per
 * connection), as the invoices feature does with its hot reads.
 */
const summaryText = new PgDialect().sqlToQuery(summarySql).sql;

/** The whole summary for `userId`, for `currency` when given (the caller checked it is a currency code). */
export async function selectSummary(pool: pg.Pool, userId: string, currency: string | undefined): Promise<SummaryRow> {
  const { rows } = await pool.query<SummaryRow>({
    name: 'dashboard_summary',
    text: summaryText,
    values: [userId, currency ?? null],
  });
  return rows[0]!;
}

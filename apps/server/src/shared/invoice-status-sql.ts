import type { InvoiceStatus } from '@invoicer/domain/status';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoices } from '../db/schema';

/**
 * The effective status in SQL, defined here once: the invoices feature uses it for the list's badge
 * and filter, the detail page and the edit data, the dashboard for its counts and sums.
 */

/**
 * "Today" for the overdue rule: the current date in UTC on the database server's clock, so every
 * server process agrees whatever its own clock or time zone.
 */
export const TODAY_UTC: SQL = sql`(now() at time zone 'UTC')::date`;

/**
 * THE overdue rule (docs/product/states-and-transitions.md#the-overdue-rule): a stored `sent` invoice whose due date is
 * before today (UTC). The due day itself is not overdue, as in the domain's `effectiveStatus` (a test compares the
 * two). It is the only case where the effective status differs from the stored one, so the counts kept per stored
 * status (invoice_stats) become effective ones by moving these invoices from sent to overdue: an index-only range of
 * invoices_user_sent_due_idx.
 */
export function pastDueSentSql(
  status: AnyPgColumn | SQL = invoices.status,
  dueDate: AnyPgColumn | SQL = invoices.dueDate,
): SQL<boolean> {
  return sql<boolean>`(${status} = 'sent' and ${dueDate} < ${TODAY_UTC})`;
}

/**
 * THE effective status of an invoice: `overdue` when pastDueSentSql holds, else its stored status.
 * Pass other columns when the query aliases the table.
 */
export function effectiveStatusSql(
  status: AnyPgColumn | SQL = invoices.status,
  dueDate: AnyPgColumn | SQL = invoices.dueDate,
): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`(case when ${pastDueSentSql(status, dueDate)} then 'overdue' else ${status} end)`;
}

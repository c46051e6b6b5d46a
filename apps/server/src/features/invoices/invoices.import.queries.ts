import type { InvoiceStatus } from '@invoicer/domain/status';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { invoiceItems, invoices, logos } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import type { InvoiceColumns, ItemValues } from './invoices.queries';

/**
 * The statements of an invoice import (invoices.import.ts), always in its transaction: the numbers the account already
 * has, its own logos among those a file names, and invoices with their items written a batch at a time.
 */

/** Rows per INSERT: an invoice row has about 20 columns, an item 7; both stay far below 65,535 parameters. */
const INVOICE_BATCH = 500;
const ITEM_BATCH = 2_000;

/** Which of these numbers the user's invoices already carry. */
export async function takenInvoiceNumbers(tx: DbExecutor, userId: string, numbers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < numbers.length; start += 10_000) {
    const rows = await tx
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), inArray(invoices.invoiceNumber, numbers.slice(start, start + 10_000))));
    for (const row of rows) taken.add(row.number);
  }
  return taken;
}

/** Which of these logo ids are the user's own uploads (a restored invoice keeps only those). */
export async function ownLogoIds(tx: DbExecutor, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: logos.id })
    .from(logos)
    .where(and(eq(logos.userId, userId), inArray(logos.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export interface ImportedInvoiceRow {
  columns: InvoiceColumns;
  items: ItemValues[];
  status: InvoiceStatus;
  clientId: string | null;
  businessId: string | null;
  remindersPaused: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts the invoices and their items; answers the new invoice ids, in the order given. */
export async function insertImportedInvoices(
  tx: DbExecutor,
  userId: string,
  rows: ImportedInvoiceRow[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += INVOICE_BATCH) {
    const batch = rows.slice(start, start + INVOICE_BATCH);
    const inserted = await tx
      .insert(invoices)
      .values(
        batch.map((row) => ({
          ...row.columns,
          userId,
          status: row.status,
          clientId: row.clientId,
          businessId: row.businessId,
          remindersPaused: row.remindersPaused,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      )
      .returning({ id: invoices.id });
    ids.push(...inserted.map((row) => row.id));
  }
  const items = rows.flatMap((row, index) =>
    row.items.map((item, position) => ({ ...item, invoiceId: ids[index]!, userId, position })),
  );
  for (let start = 0; start < items.length; start += ITEM_BATCH) {
    await tx.insert(invoiceItems).values(items.slice(start, start + ITEM_BATCH));
  }
  return ids;
}

/** The database's today (UTC), the day the overdue rule compares due dates with. */
export async function todayUtc(tx: DbExecutor): Promise<string> {
  const result = await tx.execute<{ today: string }>(sql`select (now() at time zone 'UTC')::date::text as today`);
  return result.rows[0]!.today;
}

import type { InvoiceStatus } from '@invoicer/domain/status';
import { and, eq, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { effectiveStatusSql } from '../../shared/invoice-status-sql';

/** The user's invoice's stored status and number, its row locked until the transaction ends; null when not theirs. */
export async function lockInvoiceForSending(
  tx: DbExecutor,
  userId: string,
  id: string,
): Promise<{ status: string; invoiceNumber: string } | null> {
  const [row] = await tx
    .select({ status: invoices.status, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)))
    .for('update');
  return row ?? null;
}

/** Stores `sent` on the user's invoice and answers the status it reads now (overdue when past its due date). */
export async function markInvoiceSent(tx: DbExecutor, userId: string, id: string): Promise<InvoiceStatus> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'sent', updatedAt: sql`now()` })
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)))
    .returning({ status: effectiveStatusSql() });
  return row!.status;
}

/** The status the user's invoice reads now. */
export async function invoiceEffectiveStatus(tx: DbExecutor, userId: string, id: string): Promise<InvoiceStatus> {
  const [row] = await tx
    .select({ status: effectiveStatusSql() })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)));
  return row!.status;
}

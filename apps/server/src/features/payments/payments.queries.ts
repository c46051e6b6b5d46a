import type { InvoiceStatus } from '@invoicer/domain/status';
import { and, eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { effectiveStatusSql } from '../../shared/invoice-status-sql';

/**
 * SQL of the payments feature's answers. The payments themselves are read and written by the payment ledger
 * (src/shared/payment-ledger.ts), which the invoices feature shares; this reads what every answer carries beside
 * them: the invoice's figures and its effective status (the one SQL definition of overdue).
 */

export interface BalanceRow {
  status: InvoiceStatus;
  currency: string;
  totalMinor: number;
  amountPaidMinor: number;
  amountDueMinor: number;
}

/** The user's invoice's figures; null when it is not theirs. Pass the transaction to read its own writes. */
export async function findBalance(db: DbExecutor, userId: string, invoiceId: string): Promise<BalanceRow | null> {
  const [row] = await db
    .select({
      status: effectiveStatusSql(),
      currency: invoices.currency,
      totalMinor: invoices.totalMinor,
      amountPaidMinor: invoices.amountPaidMinor,
      amountDueMinor: invoices.amountDueMinor,
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)));
  return row ?? null;
}

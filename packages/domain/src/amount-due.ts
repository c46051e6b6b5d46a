import type { Minor } from './money';
import type { InvoiceStatus } from './status';

/**
 * What is still owed on an invoice, in minor units: nothing once it is paid, else its total.
 * THE rule, once in TypeScript; its SQL twin is the generated column invoices.amount_due_minor
 * (apps/server/src/db/schema.ts), which the list shows and sorts by, and a server test keeps the
 * two equal. When payments exist, both become the total less what was paid (never below 0).
 */
export function amountDueMinor(invoice: { status: InvoiceStatus; totalMinor: Minor }): Minor {
  return invoice.status === 'paid' ? 0 : invoice.totalMinor;
}

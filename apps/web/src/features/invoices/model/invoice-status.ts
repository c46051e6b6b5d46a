import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import { statusOptions, type StatusOption } from '@invoicer/domain/status';

/** Today as the overdue rule reads it: the date in UTC (docs/product/states-and-transitions.md#the-overdue-rule). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The status menu's choices for one invoice: any of the four from any status (docs/product/states-and-transitions.md#status-changes), each
 * with what it means, the current one marked. The browser's clock only words the hint on Sent; the
 * toast afterwards reads the status the server answers.
 */
export function statusMenuOptions(invoice: Pick<InvoiceListItem, 'status' | 'due_date'>): StatusOption[] {
  return statusOptions(invoice.status, invoice.due_date, todayUtc());
}

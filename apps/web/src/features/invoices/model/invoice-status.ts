import { INVOICE_STATUSES, statusLabel, type InvoiceStatus } from '@invoicer/domain/status';

export { statusLabel };

/** The list menu may set any of the four, from any status (docs/product/states-and-transitions.md#status-changes). */
export const STATUS_CHOICES: { value: InvoiceStatus; label: string }[] = INVOICE_STATUSES.map((value) => ({
  value,
  label: statusLabel(value),
}));

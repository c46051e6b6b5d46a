import { INVOICE_STATUSES, statusLabel, type InvoiceStatus } from '@invoicer/domain/status';

export { statusLabel };

/** The list menu may set any of the four, from any status (spec part 2 §4). */
export const STATUS_CHOICES: { value: InvoiceStatus; label: string }[] = INVOICE_STATUSES.map((value) => ({
  value,
  label: statusLabel(value),
}));

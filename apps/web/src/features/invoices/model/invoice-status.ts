import { INVOICE_STATUSES, normalizeStatus, statusLabel, type InvoiceStatus } from '@invoicer/domain/status';
import type { BadgeTone } from '../../../components/ui/badge';

export { statusLabel };

/** Colour of each status badge; anything unknown is neutral (spec part 2 §4). */
const TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  paid: 'success',
  overdue: 'danger',
};

export function statusTone(status: string): BadgeTone {
  const known = normalizeStatus(status);
  return known ? TONES[known] : 'neutral';
}

/** The list menu may set any of the four, from any status (spec part 2 §4). */
export const STATUS_CHOICES: { value: InvoiceStatus; label: string }[] = INVOICE_STATUSES.map((value) => ({
  value,
  label: statusLabel(value),
}));

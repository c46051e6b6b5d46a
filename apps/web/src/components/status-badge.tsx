import { normalizeStatus, statusLabel, type InvoiceStatus } from '@invoicer/domain/status';
import { Badge, type BadgeTone } from './ui/badge';

/** Colour of each status; anything unknown is neutral (docs/product/states-and-transitions.md#invoice-statuses). */
const TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  paid: 'success',
  overdue: 'danger',
};

/**
 * An invoice's status, on the list, the invoice page and the dashboard: 'in progress' reads Sent,
 * anything unknown is capitalised in neutral (docs/product/states-and-transitions.md#invoice-statuses).
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const known = normalizeStatus(status);
  return (
    <Badge tone={known ? TONES[known] : 'neutral'} {...(className ? { className } : {})}>
      {statusLabel(status)}
    </Badge>
  );
}

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
 * `label` replaces the English name (the public page prints it in the invoice's language).
 */
export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  const known = normalizeStatus(status);
  return (
    <Badge tone={known ? TONES[known] : 'neutral'} {...(className ? { className } : {})}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}

import { normalizeStatus, statusLabel, type InvoiceStatus } from '@invoicer/domain/status';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  paid: 'success',
  overdue: 'danger',
};

export function StatusBadge({ status }: { status: string }) {
  const known = normalizeStatus(status);
  return <Badge tone={known ? TONES[known] : 'neutral'}>{statusLabel(status)}</Badge>;
}

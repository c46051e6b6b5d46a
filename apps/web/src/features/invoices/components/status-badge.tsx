import { Badge } from '../../../components/ui/badge';
import { statusLabel, statusTone } from '../model/invoice-status';

/** An invoice's status: 'in progress' reads Sent, anything unknown is capitalised in neutral (spec part 2 §4). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} {...(className ? { className } : {})}>
      {statusLabel(status)}
    </Badge>
  );
}

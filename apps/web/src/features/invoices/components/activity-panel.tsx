import { activitySentence } from '@invoicer/domain/api/activity';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useActivity } from '../hooks/use-public-link';
import { formatDateTime } from '../../../lib/format';
import { LINK_TOASTS } from '../model/messages';

/** What happened to the invoice, newest first, in sentences (docs/product/public-links-and-activity.md#activity). */
export function ActivityPanel({ invoiceId }: { invoiceId: string }) {
  const activity = useActivity(invoiceId);
  let body;
  if (activity.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading activity" />
        Loading activity...
      </p>
    );
  } else if (activity.isError) {
    body = (
      <div className="text-sm text-slate-600">
        <p>{failureMessage(activity.error, LINK_TOASTS.activityFailed)}</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void activity.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (activity.data.length === 0) {
    body = <p className="text-sm text-slate-600">No activity yet.</p>;
  } else {
    body = (
      <ol aria-label="Activity, newest first" className="space-y-3" data-testid="activity-list">
        {activity.data.map((entry) => {
          // A merged entry ("Edited (3 saves)") shows when it last happened.
          const at = typeof entry.data.last_at === 'string' ? entry.data.last_at : String(entry.created_at);
          return (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3 text-sm">
              <p className="font-medium text-slate-900">{activitySentence(entry)}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={at}>{formatDateTime(at)}</time>
              </p>
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <Panel title="Activity" className="sm:p-6">
      {body}
    </Panel>
  );
}

import { REMINDER_MESSAGES } from '@invoicer/domain/api/reminders';
import { formatLongUsDate } from '@invoicer/domain/dates';
import { reminderStageLabel } from '@invoicer/domain/reminders';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Panel, panelLinkClass } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useInvoiceReminders, usePauseReminders } from '../hooks/use-reminders';

/**
 * The invoice's automatic reminders (docs/product/reminders.md#on-the-invoice-page): "Pause reminders", where and
 * when the next one goes, and the ones sent. `version` changes with what the schedule depends on (status, dates,
 * total), so the panel reads them again after a change on the page.
 */
export function RemindersPanel({ invoiceId, version }: { invoiceId: string; version: string }) {
  const reminders = useInvoiceReminders(invoiceId, version);
  const pause = usePauseReminders(invoiceId, version);

  let body;
  if (reminders.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading the reminders" />
        Loading...
      </p>
    );
  } else if (reminders.isError) {
    body = (
      <div className="text-sm text-slate-600">
        <p>The reminders could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void reminders.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    const data = reminders.data;
    let status: string;
    if (!data.account_enabled) status = 'Automatic reminders are off for your account.';
    else if (data.paused) status = 'Reminders are paused for this invoice.';
    else if (data.next) {
      const when = formatLongUsDate(data.next.date);
      status = data.recipient
        ? `Next reminder (${reminderStageLabel(data.next.stage)}) on ${when}, to ${data.recipient}.`
        : `A reminder (${reminderStageLabel(data.next.stage)}) is due on ${when}, but the client has no e-mail address.`;
    } else status = 'No reminder is planned: only unpaid sent invoices with a due date get them.';
    body = (
      <div className="space-y-3">
        <Switch
          checked={data.paused}
          onCheckedChange={(paused) => pause.mutate(paused)}
          label="Pause reminders"
          disabled={pause.isPending}
        />
        <p className="text-sm wrap-anywhere text-slate-600" data-testid="reminders-status">
          {status}
        </p>
        {!data.account_verified && data.account_enabled && !data.paused && (
          <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {REMINDER_MESSAGES.waitingForVerification}
          </p>
        )}
        {data.sent.length > 0 && (
          <ul className="space-y-1 text-sm wrap-anywhere text-slate-700">
            {data.sent.map((entry) => (
              <li key={`${entry.due_date}-${entry.stage}`}>
                {entry.outcome === 'sent' ? `Sent to ${entry.to}` : 'Not sent (no e-mail address)'},{' '}
                {reminderStageLabel(entry.stage)}, {formatLongUsDate(entry.created_at.slice(0, 10))}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <Panel
      title="Reminders"
      action={
        <Link to="/settings?section=reminders" className={panelLinkClass}>
          Schedule
        </Link>
      }
    >
      {body}
    </Panel>
  );
}

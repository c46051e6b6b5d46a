import { Link2, Link2Off, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { usePublicLink, usePublicLinkActions } from '../hooks/use-public-link';
import { formatDateTime } from '../../../lib/format';

type Confirm = 'replace' | 'turn-off' | null;

/**
 * The invoice's public link (docs/product/public-links-and-activity.md#the-link): the address when one is on, to
 * read or select, with Replace link and Turn off link, each after a confirmation. Copy link, which makes the link
 * when there is none, is the page's button; its answer shows here at once.
 */
export function PublicLinkPanel({ invoiceId }: { invoiceId: string }) {
  const link = usePublicLink(invoiceId);
  const { replace, turnOff } = usePublicLinkActions(invoiceId);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const inputId = useId();

  let body;
  if (link.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading the link" />
        Loading...
      </p>
    );
  } else if (link.isError) {
    body = (
      <div className="text-sm text-slate-600">
        <p>The link could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void link.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (!link.data) {
    body = (
      <p className="text-sm text-slate-600">
        No link yet. <strong className="font-medium text-slate-800">Copy link</strong> makes one: anyone who has it can
        view this invoice and download its PDF, without an account.
      </p>
    );
  } else {
    body = (
      <div className="space-y-3">
        <div>
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            Anyone with this link can view the invoice
          </label>
          <input
            id={inputId}
            readOnly
            value={link.data.url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="public-link-url"
            className="mt-1 h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800 md:h-10"
          />
          <p className="mt-1 text-xs text-slate-600">Made {formatDateTime(link.data.created_at)}</p>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Button variant="secondary" className="h-11 md:h-10" onClick={() => setConfirm('replace')}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Replace link
          </Button>
          <Button variant="secondary" className="h-11 md:h-10" onClick={() => setConfirm('turn-off')}>
            <Link2Off className="h-4 w-4" aria-hidden />
            Turn off link
          </Button>
        </div>
      </div>
    );
  }

  const close = () => setConfirm(null);
  return (
    <Panel
      title="Public link"
      className="sm:p-6"
      action={link.data ? <Link2 className="h-4 w-4 text-emerald-600" aria-label="Link is on" /> : undefined}
    >
      {body}
      <ConfirmDialog
        open={confirm === 'replace'}
        onOpenChange={(open) => !open && close()}
        title="Replace link?"
        description="A new link is made and copied. The current link stops working at once: anyone you sent it to will need the new one."
        confirmLabel="Replace link"
        busyLabel="Replacing..."
        busy={replace.isPending}
        onConfirm={() => replace.mutate(undefined, { onSettled: close })}
      />
      <ConfirmDialog
        open={confirm === 'turn-off'}
        onOpenChange={(open) => !open && close()}
        title="Turn off link?"
        description="The link stops working at once: whoever opens it will see that it does not work. Copy link makes a new one later."
        confirmLabel="Turn off link"
        busyLabel="Turning off..."
        destructive
        busy={turnOff.isPending}
        onConfirm={() => turnOff.mutate(undefined, { onSettled: close })}
      />
    </Panel>
  );
}

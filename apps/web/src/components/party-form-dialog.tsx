import { Fragment, useState, type ReactNode } from 'react';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

/**
 * The frame of the 'Add New Client' / 'Edit Client' and 'Add New Business' / 'Edit Business' modals
 * (spec part 1 §2, §4, §5, §8). The form mounts with the dialog's content, keyed by what it edits,
 * so it starts afresh (values and errors) each time it opens; while it saves, closing is refused.
 */
export function PartyFormDialog({
  open,
  noun,
  editingId,
  description,
  onClose,
  children,
}: {
  open: boolean;
  noun: 'Client' | 'Business';
  /** The id of the party being edited; null in create mode. */
  editingId: string | null;
  description: string;
  onClose: () => void;
  /** The form, given the callback it reports its busy state through. */
  children: (onBusyChange: (busy: boolean) => void) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={editingId ? `Edit ${noun}` : `Add New ${noun}`}
      description={description}
      busy={busy}
      className="max-w-md"
    >
      <Fragment key={editingId ?? 'new'}>{children(setBusy)}</Fragment>
    </Dialog>
  );
}

/** The general error above the buttons, Cancel, and the submit button with the spec's busy texts. */
export function PartyFormFooter({
  noun,
  editing,
  busy,
  generalError,
  onCancel,
}: {
  noun: 'Client' | 'Business';
  editing: boolean;
  busy: boolean;
  generalError: string | null;
  onCancel: () => void;
}) {
  return (
    <>
      {generalError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {generalError}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy} className="h-11 sm:h-10">
          Cancel
        </Button>
        <Button type="submit" disabled={busy} className="h-11 sm:h-10">
          {busy ? (editing ? 'Saving...' : 'Creating...') : editing ? 'Save Changes' : `Create ${noun}`}
        </Button>
      </div>
    </>
  );
}

import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './use-return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  cancelLabel?: string;
  /** While busy neither button nor Escape closes the dialog. */
  busy?: boolean;
  /** Destructive actions get the red button. */
  destructive?: boolean;
  onConfirm: () => void;
  /**
   * Gets focus back when the dialog closes instead of the element focused as it opened (the default):
   * a dialog opened from a menu item goes back to the menu's button (the item is gone by then).
   */
  returnFocus?: HTMLElement | null;
}

/**
 * A question that needs an answer before a consequential action (alertdialog: focus starts on
 * Cancel, Escape cancels). The dialog stays open while the action runs; the caller closes it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  destructive = false,
  onConfirm,
  returnFocus = null,
}: ConfirmDialogProps) {
  const onCloseAutoFocus = useReturnFocus(open, returnFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy} className="h-11 md:h-10">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the action has finished. */}
            <Button
              variant={destructive ? 'danger' : 'primary'}
              disabled={busy}
              onClick={onConfirm}
              className="h-11 md:h-10"
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

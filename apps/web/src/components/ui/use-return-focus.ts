import { useState } from 'react';

const focused = (): HTMLElement | null =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;

/**
 * Where a closing dialog puts focus: back on what opened it. Radix gives focus back only to a
 * Dialog.Trigger, and our dialogs open from state (a row's button, a menu item), so focus fell to the
 * page. This remembers the element focused as the dialog opened; `returnFocus`, when given, takes
 * its place (a menu item is gone by the time the dialog closes: its menu's button is meant). Nothing
 * is done when the element has left the page meanwhile (a deleted row).
 */
export function useReturnFocus(open: boolean, returnFocus: HTMLElement | null) {
  // Read while rendering the opening: a field with autoFocus takes focus as soon as it mounts,
  // before any effect (or Radix's onOpenAutoFocus) could see what had it.
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Kept from while the dialog was open: the caller may forget it as the dialog closes.
  const [requested, setRequested] = useState<HTMLElement | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focused());
  }
  if (open && returnFocus !== requested) setRequested(returnFocus);

  return (event: Event) => {
    const target = [requested, opener].find((element) => element?.isConnected);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}

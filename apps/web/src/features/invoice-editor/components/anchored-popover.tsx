import { Popover } from 'radix-ui';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '../../../lib/cn';

export interface AnchoredPopoverProps {
  /** The button that opens the popover: it anchors the position and gets focus back on close. */
  anchorRef: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the popover's dialog. */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * A radix Popover positioned at a button that lives outside it. Only lazily loaded modules
 * import this, so the positioning code (floating-ui) is fetched on the first open instead of
 * with /new; the trigger is therefore a plain button and this anchors to it by ref.
 */
export function AnchoredPopover({ anchorRef, open, onOpenChange, label, children, className }: AnchoredPopoverProps) {
  const closedFromOutside = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          // A press on the trigger toggles the popover itself; closing here first would reopen it.
          onInteractOutside={(event) => {
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
            else closedFromOutside.current = true;
          }}
          // Focus goes back to the trigger, unless the user closed it by moving to something else.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!closedFromOutside.current) anchorRef.current?.focus();
            closedFromOutside.current = false;
          }}
          className={cn(
            'z-[60] max-h-[var(--radix-popover-content-available-height)] overflow-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg focus:outline-none',
            className,
          )}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

import { DropdownMenu as RadixMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A menu opened from a button (Radix: arrow keys, typeahead, Escape, focus returns to the
 * trigger). The trigger is the caller's own element, passed as `trigger`; it must carry an
 * accessible name.
 */
export function DropdownMenu({
  trigger,
  children,
  align = 'end',
  label,
  open,
  onOpenChange,
  className,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Names the menu for screen readers. */
  label?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Width and other additions to the menu's box. */
  className?: string;
}) {
  return (
    <RadixMenu.Root modal={false} {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          className={cn(
            'z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none',
            className,
          )}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

const itemClass =
  'relative flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-slate-800 outline-none select-none md:min-h-9 ' +
  'data-[highlighted]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400';

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="px-3 py-1.5 text-xs font-semibold text-slate-500">{children}</RadixMenu.Label>;
}

export function DropdownMenuItem({
  children,
  onSelect,
  disabled,
  className,
}: {
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <RadixMenu.Item onSelect={onSelect} disabled={disabled} className={cn(itemClass, className)}>
      {children}
    </RadixMenu.Item>
  );
}

/** One-of-many choices; the current one is checked (menuitemradio). */
export function DropdownMenuRadioGroup({
  value,
  onValueChange,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <RadixMenu.RadioGroup value={value} onValueChange={onValueChange}>
      {children}
    </RadixMenu.RadioGroup>
  );
}

/**
 * One choice of a radio group. A `description` shows under the label and is read as the item's
 * description, not its name, so the name stays the label alone.
 */
export function DropdownMenuRadioItem({
  value,
  children,
  description,
  disabled,
}: {
  value: string;
  children: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const descriptionId = useId();
  return (
    <RadixMenu.RadioItem
      value={value}
      disabled={disabled}
      aria-describedby={description ? descriptionId : undefined}
      className={cn(itemClass, 'pl-8', description ? 'py-1.5' : null)}
    >
      <span
        className="absolute top-1/2 left-2 inline-flex h-4 w-4 -translate-y-1/2 items-center justify-center"
        aria-hidden
      >
        <RadixMenu.ItemIndicator>
          <Check className="h-4 w-4 text-indigo-600" />
        </RadixMenu.ItemIndicator>
      </span>
      {description ? (
        <span className="flex min-w-0 flex-col">
          <span>{children}</span>
          <span id={descriptionId} aria-hidden className="text-xs leading-snug text-slate-600">
            {description}
          </span>
        </span>
      ) : (
        children
      )}
    </RadixMenu.RadioItem>
  );
}

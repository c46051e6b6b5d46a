import { DropdownMenu as RadixMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
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
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Names the menu for screen readers. */
  label?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
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
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
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

export function DropdownMenuRadioItem({
  value,
  children,
  disabled,
}: {
  value: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <RadixMenu.RadioItem value={value} disabled={disabled} className={cn(itemClass, 'pl-8')}>
      <span className="absolute left-2 inline-flex h-4 w-4 items-center justify-center" aria-hidden>
        <RadixMenu.ItemIndicator>
          <Check className="h-4 w-4 text-indigo-600" />
        </RadixMenu.ItemIndicator>
      </span>
      {children}
    </RadixMenu.RadioItem>
  );
}

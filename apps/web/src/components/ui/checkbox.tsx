import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check, Minus } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface CheckboxProps {
  /** 'indeterminate' shows a dash: some, not all, of a group is checked. */
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name; the box itself shows no text. */
  label: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A checkbox with no visible text of its own (table rows, select-all). The 20 px box sits in a
 * 44 px hit area on touch screens so a finger can reach it.
 */
export function Checkbox({ checked, onCheckedChange, label, disabled, className }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      checked={checked}
      onCheckedChange={(value) => onCheckedChange(value === true)}
      disabled={disabled}
      aria-label={label}
      className={cn(
        'group inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md md:h-8 md:w-8',
        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex h-5 w-5 items-center justify-center rounded border border-slate-400 bg-white text-white transition-colors',
          'group-data-[state=checked]:border-indigo-600 group-data-[state=checked]:bg-indigo-600',
          'group-data-[state=indeterminate]:border-indigo-600 group-data-[state=indeterminate]:bg-indigo-600',
        )}
      >
        <RadixCheckbox.Indicator>
          {checked === 'indeterminate' ? <Minus className="h-3.5 w-3.5" /> : <Check className="h-3.5 w-3.5" />}
        </RadixCheckbox.Indicator>
      </span>
    </RadixCheckbox.Root>
  );
}

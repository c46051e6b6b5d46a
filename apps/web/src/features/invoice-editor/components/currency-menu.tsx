import { listCurrencies, type CurrencyCode } from '@invoicer/domain/currencies';
import { Check } from 'lucide-react';
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { cn } from '../../../lib/cn';
import { AnchoredPopover } from './anchored-popover';

const currencies = listCurrencies();

export interface CurrencyMenuProps {
  anchorRef: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: CurrencyCode;
  onChange: (currency: CurrencyCode) => void;
}

/** The 20 currencies as a listbox: arrows, Home and End move, Enter or a click chooses, Escape closes. */
export function CurrencyMenu({ anchorRef, open, onOpenChange, value, onChange }: CurrencyMenuProps) {
  const options = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = options.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = currencies.length - 1;
    const next =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, last)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    options.current[next]?.focus();
  };

  return (
    <AnchoredPopover
      anchorRef={anchorRef}
      open={open}
      onOpenChange={onOpenChange}
      label="Change currency"
      className="p-1"
    >
      <div role="listbox" aria-label="Currencies" className="flex w-64 flex-col" onKeyDown={onKeyDown}>
        {currencies.map((currency, index) => {
          const selected = currency.code === value;
          return (
            <button
              key={currency.code}
              ref={(node) => {
                options.current[index] = node;
              }}
              type="button"
              role="option"
              aria-selected={selected}
              // Roving focus: the chosen currency is the one Tab (and the popover) lands on.
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                onChange(currency.code);
                onOpenChange(false);
              }}
              className={cn(
                'flex items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-indigo-50 focus:outline-none',
                selected && 'font-medium text-indigo-700',
              )}
            >
              <span className="w-10 shrink-0 text-xs font-semibold text-slate-500">{currency.code}</span>
              <span className="flex-1 truncate">{currency.label}</span>
              {selected && <Check className="h-4 w-4 shrink-0" aria-hidden />}
            </button>
          );
        })}
      </div>
    </AnchoredPopover>
  );
}

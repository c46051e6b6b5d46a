import { getCurrency, listCurrencies, type CurrencyCode } from '@invoicer/domain/currencies';
import { ChevronDown } from 'lucide-react';
import { memo, Suspense, useId, useRef, useState } from 'react';
import { lazyWithFallback } from '../lib/lazy-with-fallback';
import { ClosesOnMount } from './closes-on-mount';

const loadCurrencyMenu = () => import('./currency-menu');
const CurrencyMenu = lazyWithFallback(() => loadCurrencyMenu().then((m) => m.CurrencyMenu), ClosesOnMount);

const currencies = listCurrencies();

export interface CurrencyFieldProps {
  value: CurrencyCode;
  onChange: (currency: CurrencyCode) => void;
}

/**
 * The invoice currency (docs/product/editor.md#currency): a native select on small screens, otherwise a picker
 * labelled 'Change currency'. Both are in the page; CSS shows the one that fits the width.
 */
export const CurrencyField = memo(function CurrencyField({ value, onChange }: CurrencyFieldProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const selectId = useId();
  const labelId = useId();
  const buttonId = useId();
  const current = getCurrency(value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700 md:hidden">
        Currency
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => onChange(event.target.value as CurrencyCode)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none md:hidden"
      >
        {currencies.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.code} — {currency.label}
          </option>
        ))}
      </select>

      <span id={labelId} className="hidden text-sm font-medium text-slate-700 md:block">
        Change currency
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen((current) => !current)}
        onPointerEnter={() => void loadCurrencyMenu()}
        onFocus={() => void loadCurrencyMenu()}
        className="hidden h-10 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 md:flex"
      >
        <span className="truncate">
          <span className="font-medium">{current.code}</span> · {current.label}
        </span>
        <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <CurrencyMenu anchorRef={buttonRef} open={open} onOpenChange={setOpen} value={value} onChange={onChange} />
        </Suspense>
      )}
    </div>
  );
});

import { getCurrency, type CurrencyCode } from '@invoicer/domain/currencies';
import { useId } from 'react';

interface CurrencySelectProps {
  value: CurrencyCode;
  options: readonly CurrencyCode[];
  onChange: (currency: CurrencyCode) => void;
  busy: boolean;
}

/**
 * The dashboard's currency (docs/product/dashboard.md#choosing-the-currency): a native select, comfortable on phones.
 */
export function CurrencySelect({ value, options, onChange, busy }: CurrencySelectProps) {
  const id = useId();
  // The shown currency is always an option, even when the server chose one the invoices do not use.
  const choices = options.includes(value) ? options : [...options, value].sort();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Currency
      </label>
      <select
        id={id}
        value={value}
        aria-busy={busy}
        onChange={(event) => onChange(event.target.value as CurrencyCode)}
        className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none md:h-10"
      >
        {choices.map((code) => (
          <option key={code} value={code}>
            {code} ({getCurrency(code).symbol})
          </option>
        ))}
      </select>
    </div>
  );
}

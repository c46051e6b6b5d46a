import type { CurrencyTotal } from '@invoicer/domain/api/dashboard';
import { formatDecimalMoney } from '@invoicer/domain/money';
import { Panel } from '../../../components/ui/panel';

/**
 * One line per currency the user invoices in, by code (docs/product/dashboard.md#currency-totals); nothing when there
 * are none.
 */
export function CurrencyTotals({ totals }: { totals: CurrencyTotal[] }) {
  if (totals.length === 0) return null;
  const sorted = [...totals].sort((a, b) => a.currency.localeCompare(b.currency));
  return (
    <Panel title="Currency Totals">
      <ul className="divide-y divide-slate-100">
        {sorted.map((row) => (
          <li key={row.currency} className="flex items-start justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">{row.currency}</p>
              <p className="text-xs text-slate-600">
                {row.invoice_count} {row.invoice_count === 1 ? 'invoice' : 'invoices'}
              </p>
            </div>
            <div className="text-right text-xs text-slate-600">
              <p className="text-sm font-semibold text-slate-900 tabular-nums">
                {formatDecimalMoney(row.total_amount, row.currency)}
              </p>
              <p className="tabular-nums">Paid {formatDecimalMoney(row.total_revenue, row.currency)}</p>
              <p className="tabular-nums">Outstanding {formatDecimalMoney(row.total_outstanding, row.currency)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

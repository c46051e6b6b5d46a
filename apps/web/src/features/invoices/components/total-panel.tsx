import type { Invoice } from '@invoicer/domain/api/invoices';
import { formatMoney } from '@invoicer/domain/money';
import { formatPercentRate, percentDecimalToRate } from '@invoicer/domain/percent';
import type { Totals } from '@invoicer/domain/totals';
import { DEFAULT_SYMBOL } from '../model/format';
import { Panel } from '../../../components/ui/panel';

/** ' (8.875%)' for a percent adjustment, as the PDF prints it; nothing for a fixed one. */
function rate(type: 'percent' | 'fixed', value: number): string {
  return type === 'percent' ? ` (${formatPercentRate(percentDecimalToRate(value))}%)` : '';
}

/** The total and how it is made: each item's line, the subtotal and the shown adjustments. */
export function TotalPanel({ invoice, totals }: { invoice: Invoice; totals: Totals }) {
  const symbol = invoice.currency?.symbol || DEFAULT_SYMBOL;
  const money = (minor: number) => formatMoney(minor, symbol);
  const { data } = invoice;
  return (
    <Panel title="Total" className="sm:p-6">
      <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="invoice-total">
        {money(totals.total)}
      </p>
      <p className="text-sm text-slate-500">{invoice.currency?.code ?? 'GBP'}</p>
      <dl className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
        {data.items.map((item, index) => (
          <div key={item.id || index} className="flex justify-between gap-3">
            <dt className="min-w-0 truncate text-slate-600">
              {item.name} × {item.quantity}
            </dt>
            <dd className="text-slate-800 tabular-nums">{money(totals.lines[index] ?? 0)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-100 pt-2 font-medium">
          <dt className="text-slate-700">Subtotal</dt>
          <dd className="text-slate-900 tabular-nums">{money(totals.subtotal)}</dd>
        </div>
        {data.show_tax && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Tax{rate(data.tax_type, data.tax_percent)}</dt>
            <dd className="text-slate-800 tabular-nums">{money(totals.tax)}</dd>
          </div>
        )}
        {data.show_discount && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Discount{rate(data.discount_type, data.discount_percent)}</dt>
            <dd className="text-slate-800 tabular-nums">-{money(totals.discount)}</dd>
          </div>
        )}
        {data.show_shipping && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Shipping</dt>
            <dd className="text-slate-800 tabular-nums">{money(totals.shipping)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 font-semibold">
          <dt className="text-slate-900">Total</dt>
          <dd className="text-slate-900 tabular-nums">{money(totals.total)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

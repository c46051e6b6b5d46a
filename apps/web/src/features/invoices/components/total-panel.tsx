import type { Invoice } from '@invoicer/domain/api/invoices';
import { amountToMinor, formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentRate, percentDecimalToRate } from '@invoicer/domain/percent';
import { formatQuantityWithUnit } from '@invoicer/domain/quantity';
import type { Totals } from '@invoicer/domain/totals';
import { CheckCircle2 } from 'lucide-react';
import { amountDueView, DEFAULT_DISPLAY_CURRENCY } from '../model/format';
import { Panel } from '../../../components/ui/panel';

/** ' (8.875%)' for a percent adjustment, as the PDF prints it; nothing for a fixed one. */
function rate(type: 'percent' | 'fixed', value: number): string {
  return type === 'percent' ? ` (${formatPercentRate(percentDecimalToRate(value))}%)` : '';
}

/**
 * What is due and how the total is made: each item's line, the subtotal and the shown adjustments.
 * The large figure is what is still owed, as in the list's Amount Due; when that is not the whole
 * total (a paid invoice owes nothing), it says so and shows the total beside it.
 */
export function TotalPanel({ invoice, totals }: { invoice: Invoice; totals: Totals }) {
  const currency = invoice.currency?.code ?? DEFAULT_DISPLAY_CURRENCY;
  const money = (minor: number) => formatMoneyForReader(minor, currency);
  const { data } = invoice;
  const { due, total } = amountDueView(invoice);
  const code = invoice.currency?.code ?? 'GBP';
  return (
    <Panel title="Total" className="sm:p-6">
      {total && <p className="text-sm font-medium text-slate-600">Amount due</p>}
      <p
        className="text-3xl font-bold tracking-tight wrap-anywhere text-slate-900 tabular-nums"
        data-testid="invoice-amount-due"
      >
        {due}
      </p>
      <p className="text-sm text-slate-500">
        {total ? (
          <>
            of {total} {code}
            {invoice.amount_due === 0 && (
              <span className="ml-2 inline-flex items-center gap-1 font-medium text-emerald-700">
                <CheckCircle2 className="h-4 w-4" aria-hidden />
                Paid in full
              </span>
            )}
          </>
        ) : (
          code
        )}
      </p>
      <dl className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
        {data.items.map((item, index) => (
          <div key={item.id || index} className="flex justify-between gap-3">
            <dt className="min-w-0 truncate text-slate-600">
              {item.name} × {formatQuantityWithUnit(item.quantity, item.unit)}
            </dt>
            <dd className="shrink-0 whitespace-nowrap text-slate-800 tabular-nums">
              {money(totals.lines[index] ?? 0)}
            </dd>
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
            <dd className="text-slate-800 tabular-nums">{money(-totals.discount)}</dd>
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
          <dd className="text-slate-900 tabular-nums" data-testid="invoice-total">
            {money(totals.total)}
          </dd>
        </div>
        {invoice.amount_paid > 0 && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">Amount paid</dt>
              <dd className="text-slate-800 tabular-nums">{money(amountToMinor(invoice.amount_paid, currency))}</dd>
            </div>
            <div className="flex justify-between gap-3 font-semibold">
              <dt className="text-slate-900">Balance due</dt>
              <dd className="text-slate-900 tabular-nums" data-testid="invoice-balance-due">
                {money(amountToMinor(invoice.balance_due, currency))}
              </dd>
            </div>
          </>
        )}
      </dl>
    </Panel>
  );
}

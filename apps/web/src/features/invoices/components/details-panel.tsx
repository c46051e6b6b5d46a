import type { Invoice } from '@invoicer/domain/api/invoices';
import { amountToMinor, formatMoneyForReader } from '@invoicer/domain/money';
import { formatQuantityWithUnit } from '@invoicer/domain/quantity';
import type { Totals } from '@invoicer/domain/totals';
import { Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_DISPLAY_CURRENCY, formatLongDate } from '../model/format';
import { addressLines } from '../model/invoice-view';
import { Panel, panelLinkClass } from '../../../components/ui/panel';

function BusinessBlock({ invoice }: { invoice: Invoice }) {
  const business = invoice.business;
  const lines = business
    ? [
        business.name,
        business.address,
        business.email,
        business.phone,
        business.tax_id && `Tax ID: ${business.tax_id}`,
      ].flatMap((line) => (line ? addressLines(line) : []))
    : addressLines(invoice.data.from);
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-500">Business</h3>
        {business ? (
          <Link to="/settings?section=business" className={panelLinkClass}>
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            Edit business
          </Link>
        ) : (
          <Link to="/businesses?create=true" className={panelLinkClass}>
            <Plus className="h-3.5 w-3.5" aria-hidden />
            Add business
          </Link>
        )}
      </div>
      <address className="mt-1 text-sm not-italic text-slate-800" data-testid="business-block">
        {lines.length === 0 ? (
          <span className="text-slate-500">No business details</span>
        ) : (
          lines.map((line, index) => (
            <span
              key={index}
              className={index === 0 ? 'block font-medium wrap-anywhere text-slate-900' : 'block wrap-anywhere'}
            >
              {line}
            </span>
          ))
        )}
      </address>
      {!business && (
        <p className="mt-1 text-xs text-slate-500">Taken from the invoice; no saved business is linked to it.</p>
      )}
    </div>
  );
}

/**
 * Issued and due dates (long US format), the business, and the items with their amounts
 * (docs/product/invoices.md#the-invoice-page). Under 768 px the items are a list, not a table.
 */
export function DetailsPanel({ invoice, totals, isMobile }: { invoice: Invoice; totals: Totals; isMobile: boolean }) {
  const currency = invoice.currency?.code ?? DEFAULT_DISPLAY_CURRENCY;
  const money = (minor: number) => formatMoneyForReader(minor, currency);
  const rate = (unitCost: number) => money(amountToMinor(unitCost, currency));
  const { items } = invoice.data;
  return (
    <Panel title="Invoice Details" className="sm:p-6">
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="font-medium text-slate-500">Issued Date</dt>
          <dd className="mt-0.5 text-slate-900">{formatLongDate(invoice.data.issued_date)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Due Date</dt>
          <dd className="mt-0.5 text-slate-900">{formatLongDate(invoice.data.due_date)}</dd>
        </div>
      </dl>

      <div className="mt-5 border-t border-slate-100 pt-4">
        <BusinessBlock invoice={invoice} />
      </div>

      <div className="mt-5 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-medium text-slate-500">Items</h3>
        {isMobile ? (
          <ul aria-label="Items" className="mt-2 divide-y divide-slate-100">
            {items.map((item, index) => (
              <li key={item.id || index} className="py-2 text-sm">
                <div className="flex justify-between gap-3">
                  <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{item.name}</span>
                  <span className="shrink-0 font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {money(totals.lines[index] ?? 0)}
                  </span>
                </div>
                {item.showDesc && item.description && (
                  <p className="wrap-anywhere text-slate-600">{item.description}</p>
                )}
                <p className="text-slate-600">
                  {formatQuantityWithUnit(item.quantity, item.unit)} × {rate(item.unit_cost)}
                </p>
              </li>
            ))}
            <li className="flex justify-between gap-3 py-2 text-sm font-semibold text-slate-900">
              <span>Subtotal</span>
              <span className="tabular-nums">{money(totals.subtotal)}</span>
            </li>
          </ul>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Items</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Product/Service
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Quantity
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Rate
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-semibold">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item, index) => (
                  <tr key={item.id || index}>
                    <td className="py-2 pr-3 align-top wrap-anywhere">
                      <span className="font-medium text-slate-900">{item.name}</span>
                      {item.showDesc && item.description && (
                        <span className="block text-slate-600">{item.description}</span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right align-top text-slate-800 whitespace-nowrap tabular-nums">
                      {formatQuantityWithUnit(item.quantity, item.unit)}
                    </td>
                    <td className="px-3 py-2 text-right align-top text-slate-800 whitespace-nowrap tabular-nums">
                      {rate(item.unit_cost)}
                    </td>
                    <td className="py-2 pl-3 text-right align-top font-medium text-slate-900 whitespace-nowrap tabular-nums">
                      {money(totals.lines[index] ?? 0)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-slate-200">
                  <th scope="row" colSpan={3} className="py-2 pr-3 text-right font-semibold text-slate-700">
                    Subtotal
                  </th>
                  <td className="py-2 pl-3 text-right font-semibold text-slate-900 whitespace-nowrap tabular-nums">
                    {money(totals.subtotal)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </div>
    </Panel>
  );
}

import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import { Checkbox } from '../../../components/ui/checkbox';
import { formatAmount, formatShortDate } from '../model/format';
import { RowActions, type RowActionHandlers } from './row-actions';
import { StatusBadge } from '../../../components/status-badge';
import { ViewedMarker } from './viewed-marker';

export interface InvoiceRowsProps extends RowActionHandlers {
  invoices: InvoiceListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

/** 'checked', 'indeterminate' or unchecked, for the select-all box of the rows on screen. */
export function selectAllState(invoices: InvoiceListItem[], selected: ReadonlySet<string>): boolean | 'indeterminate' {
  const count = invoices.filter((invoice) => selected.has(invoice.id)).length;
  if (count === 0) return false;
  return count === invoices.length ? true : 'indeterminate';
}

const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

/**
 * The desktop list: Invoice #, Client, Amount Due, Status, Date Issued, Actions
 * (docs/product/invoices.md#the-invoice-list).
 */
export function InvoiceTable({ invoices, selected, onToggle, onToggleAll, ...actions }: InvoiceRowsProps) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Invoices</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className="w-12 px-3 py-2">
            <Checkbox
              label="Select all invoices on this page"
              checked={selectAllState(invoices, selected)}
              onCheckedChange={onToggleAll}
            />
          </th>
          <th scope="col" className={th}>
            Invoice #
          </th>
          <th scope="col" className={th}>
            Client
          </th>
          <th scope="col" className={`${th} text-right`}>
            Amount Due
          </th>
          <th scope="col" className={th}>
            Status
          </th>
          <th scope="col" className={th}>
            Date Issued
          </th>
          <th scope="col" className={`${th} text-right`}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {invoices.map((invoice) => (
          <tr key={invoice.id} className={selected.has(invoice.id) ? 'bg-indigo-50/60' : 'hover:bg-slate-50'}>
            <td className="px-3 py-2">
              <Checkbox
                label={`Select invoice ${invoice.invoice_number}`}
                checked={selected.has(invoice.id)}
                onCheckedChange={(checked) => onToggle(invoice.id, checked)}
              />
            </td>
            <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">{invoice.invoice_number}</td>
            <td className="max-w-64 truncate px-3 py-2 text-slate-700">{invoice.client_name || 'Unknown Customer'}</td>
            <td className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
              {formatAmount(invoice.total_amount, invoice.currency?.symbol)}
            </td>
            <td className="px-3 py-2">
              <span className="flex flex-wrap items-center gap-1">
                <StatusBadge status={invoice.status} />
                <ViewedMarker invoice={invoice} />
              </span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              {formatShortDate(invoice.issued_date ?? invoice.created_at)}
            </td>
            <td className="px-3 py-2">
              <RowActions invoice={invoice} {...actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

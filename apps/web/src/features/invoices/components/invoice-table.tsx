import type { InvoiceListItem, InvoiceSort, SortOrder } from '@invoicer/domain/api/invoices';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../model/format';
import { nextSort, type ListQuery } from '../model/list-query';
import { AmountDue } from './amount-due';
import { RowActions, type RowActionHandlers } from './row-actions';
import { StatusBadge } from '../../../components/status-badge';
import { ViewedMarker } from './viewed-marker';

export interface InvoiceRowsProps extends RowActionHandlers {
  invoices: InvoiceListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  /** The server's order of the list (the URL's sort and order). */
  sort: Pick<ListQuery, 'sort' | 'order'>;
  onSort: (sort: InvoiceSort, order: SortOrder) => void;
}

/** 'checked', 'indeterminate' or unchecked, for the select-all box of the rows on screen. */
export function selectAllState(invoices: InvoiceListItem[], selected: ReadonlySet<string>): boolean | 'indeterminate' {
  const count = invoices.filter((invoice) => selected.has(invoice.id)).length;
  if (count === 0) return false;
  return count === invoices.length ? true : 'indeterminate';
}

const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

/**
 * A column header that sorts the whole list (the server sorts; the page follows): a first click
 * sorts by the column in its own order, the next turns it around. aria-sort marks the sorted one.
 */
function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: InvoiceSort;
  label: string;
  sort: InvoiceRowsProps['sort'];
  onSort: InvoiceRowsProps['onSort'];
  className?: string;
}) {
  const active = sort.sort === column;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn(th, 'py-1.5', className)}
    >
      <button
        type="button"
        onClick={() => {
          const next = nextSort(sort, column);
          onSort(next.sort, next.order);
        }}
        className={cn(
          '-mx-2 inline-flex min-h-9 items-center gap-1 rounded-md px-2 tracking-wide uppercase hover:bg-slate-100 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600',
          active && 'text-slate-900',
        )}
      >
        {label}
        <Icon className={cn('h-3.5 w-3.5 shrink-0', !active && 'text-slate-400')} aria-hidden />
      </button>
    </th>
  );
}

/** The desktop list: Invoice #, Client, Amount Due, Status, Date Issued, Actions (docs/product/invoices.md#the-invoice-list). */
export function InvoiceTable({
  invoices,
  selected,
  onToggle,
  onToggleAll,
  sort,
  onSort,
  ...actions
}: InvoiceRowsProps) {
  const header = { sort, onSort };
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
          <SortHeader column="number" label="Invoice #" {...header} />
          <SortHeader column="client" label="Client" {...header} />
          <SortHeader column="amount" label="Amount Due" className="text-right" {...header} />
          <SortHeader column="status" label="Status" {...header} />
          <SortHeader column="issued" label="Date Issued" {...header} />
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
            <td className="px-3 py-2 font-medium wrap-anywhere text-slate-900">{invoice.invoice_number}</td>
            <td className="px-3 py-2 wrap-anywhere text-slate-700">{invoice.client_name || 'Unknown Customer'}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap">
              <AmountDue invoice={invoice} />
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

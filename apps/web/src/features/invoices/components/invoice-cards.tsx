import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../model/format';
import { SORT_CHOICES } from '../model/list-query';
import { AmountDue } from './amount-due';
import { selectAllState, type InvoiceRowsProps } from './invoice-table';
import { RowActions } from './row-actions';
import { StatusBadge } from '../../../components/status-badge';
import { ViewedMarker } from './viewed-marker';

/** The list where the table does not fit (phones, narrow tablets): one card per invoice, the same facts and actions as the table's row. */
export function InvoiceCards({
  invoices,
  selected,
  onToggle,
  onToggleAll,
  sort,
  onSort,
  ...actions
}: InvoiceRowsProps) {
  // Beside the sidebar on a tablet the box is wide enough for two columns of phone-sized cards.
  return (
    <div className="@container">
      <div className="flex flex-wrap items-center justify-between gap-x-3 border-b border-slate-200 px-2 text-sm text-slate-700">
        <div className="flex items-center gap-1">
          <Checkbox
            label="Select all invoices on this page"
            checked={selectAllState(invoices, selected)}
            onCheckedChange={onToggleAll}
          />
          <span aria-hidden>Select all</span>
        </div>
        {/* Cards have no column headers: the same sorts, in words (the server sorts the whole list). */}
        <label className="flex min-w-0 items-center gap-2 py-1.5">
          <span>Sort</span>
          <select
            value={`${sort.sort}:${sort.order}`}
            onChange={(event) => {
              const choice = SORT_CHOICES.find((option) => `${option.sort}:${option.order}` === event.target.value);
              if (choice) onSort(choice.sort, choice.order);
            }}
            className="h-11 min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
          >
            {SORT_CHOICES.map((option) => (
              <option key={`${option.sort}:${option.order}`} value={`${option.sort}:${option.order}`}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul
        aria-label="Invoices"
        className="divide-y divide-slate-100 @xl:grid @xl:grid-cols-2 @xl:gap-3 @xl:divide-y-0 @xl:p-3"
      >
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            data-testid="invoice-card"
            className={cn(
              'flex min-w-0 flex-col px-2 py-3 @xl:rounded-xl @xl:border @xl:border-slate-200',
              selected.has(invoice.id) && 'bg-indigo-50/60',
            )}
          >
            <div className="mb-1 flex items-start gap-1">
              <Checkbox
                label={`Select invoice ${invoice.invoice_number}`}
                checked={selected.has(invoice.id)}
                onCheckedChange={(checked) => onToggle(invoice.id, checked)}
              />
              <div className="min-w-0 flex-1 pt-2">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold wrap-anywhere text-slate-900">{invoice.invoice_number}</p>
                    <p className="text-sm wrap-anywhere text-slate-600">{invoice.client_name || 'Unknown Customer'}</p>
                  </div>
                  <span className="flex flex-col items-end gap-1">
                    <StatusBadge status={invoice.status} />
                    <ViewedMarker invoice={invoice} />
                  </span>
                </div>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div>
                    <dt className="text-slate-600">Amount Due</dt>
                    <dd>
                      <AmountDue invoice={invoice} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Date Issued</dt>
                    <dd className="text-slate-700">{formatShortDate(invoice.issued_date ?? invoice.created_at)}</dd>
                  </div>
                </dl>
              </div>
            </div>
            <div className="mt-auto border-t border-slate-100 pt-1">
              <RowActions invoice={invoice} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

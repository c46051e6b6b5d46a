import { Checkbox } from '../../../components/ui/checkbox';
import { formatShortDate } from '../model/format';
import { SORT_CHOICES } from '../model/list-query';
import { AmountDue } from './amount-due';
import { selectAllState, type InvoiceRowsProps } from './invoice-table';
import { RowActions } from './row-actions';
import { StatusBadge } from '../../../components/status-badge';

/** The list under 768 px: one card per invoice, the same facts and actions as the table's row. */
export function InvoiceCards({
  invoices,
  selected,
  onToggle,
  onToggleAll,
  sort,
  onSort,
  ...actions
}: InvoiceRowsProps) {
  return (
    <div>
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
      <ul aria-label="Invoices" className="divide-y divide-slate-100">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            data-testid="invoice-card"
            className={selected.has(invoice.id) ? 'bg-indigo-50/60 px-2 py-3' : 'px-2 py-3'}
          >
            <div className="flex items-start gap-1">
              <Checkbox
                label={`Select invoice ${invoice.invoice_number}`}
                checked={selected.has(invoice.id)}
                onCheckedChange={(checked) => onToggle(invoice.id, checked)}
              />
              <div className="min-w-0 flex-1 pt-2">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{invoice.invoice_number}</p>
                    <p className="truncate text-sm text-slate-600">{invoice.client_name || 'Unknown Customer'}</p>
                  </div>
                  <StatusBadge status={invoice.status} />
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm">
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
            <div className="mt-1 border-t border-slate-100 pt-1">
              <RowActions invoice={invoice} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

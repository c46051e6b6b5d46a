import { Checkbox } from '../../../components/ui/checkbox';
import { formatAmount, formatShortDate } from '../model/format';
import { selectAllState, type InvoiceRowsProps } from './invoice-table';
import { RowActions } from './row-actions';
import { StatusBadge } from '../../../components/status-badge';
import { ViewedMarker } from './viewed-marker';

/** The list under 768 px: one card per invoice, the same facts and actions as the table's row. */
export function InvoiceCards({ invoices, selected, onToggle, onToggleAll, ...actions }: InvoiceRowsProps) {
  return (
    <div>
      <div className="flex items-center gap-1 border-b border-slate-200 px-2 text-sm text-slate-700">
        <Checkbox
          label="Select all invoices on this page"
          checked={selectAllState(invoices, selected)}
          onCheckedChange={onToggleAll}
        />
        <span aria-hidden>Select all</span>
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
                  <span className="flex flex-col items-end gap-1">
                    <StatusBadge status={invoice.status} />
                    <ViewedMarker invoice={invoice} />
                  </span>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm">
                  <div>
                    <dt className="text-slate-600">Amount Due</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">
                      {formatAmount(invoice.total_amount, invoice.currency?.symbol)}
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

import type { DashboardInvoice } from '@invoicer/domain/api/dashboard';
import { formatDecimalMoney } from '@invoicer/domain/money';
import { ArrowRight, FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { initials } from '../../../lib/initials';
import { formatDashboardDate, UNKNOWN_CUSTOMER } from '../model/format';
import { Panel } from '../../../components/ui/panel';
import { StatusBadge } from '../../../components/status-badge';

function InvoiceRow({ invoice }: { invoice: DashboardInvoice }) {
  const client = invoice.client_name.trim() || UNKNOWN_CUSTOMER;
  const amount = formatDecimalMoney(invoice.total_amount, invoice.currency);
  const date = formatDashboardDate(invoice.issued_date ?? invoice.created_at);
  return (
    <li>
      <Link
        to={`/invoice/${invoice.id}`}
        className="-mx-2 flex min-h-14 items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-slate-50"
      >
        <span
          aria-hidden
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-sm font-semibold text-indigo-700"
        >
          {initials(client)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{client}</span>
          <span className="block truncate text-xs text-slate-600">
            #{invoice.invoice_number} · {date}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className="text-sm font-semibold text-slate-900 tabular-nums">{amount}</span>
          <StatusBadge status={invoice.status} />
        </span>
      </Link>
    </li>
  );
}

/** The newest invoices of the shown currency (docs/product/dashboard.md#recent-invoices), or the empty state. */
export function RecentInvoices({ invoices }: { invoices: DashboardInvoice[] }) {
  return (
    <Panel
      title="Recent Invoices"
      action={
        <Link
          to="/invoices"
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
        >
          View all
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      }
    >
      {invoices.length === 0 ? (
        <div className="flex flex-col items-center py-8 text-center">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
            <FilePlus2 className="h-6 w-6" aria-hidden />
          </span>
          <p className="mt-4 font-semibold text-slate-900">No invoices yet</p>
          <p className="mt-1 text-sm text-slate-600">Your latest invoices will show here.</p>
          <Link
            to="/new"
            className="mt-5 inline-flex h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500"
          >
            Create First Invoice
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent invoices">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

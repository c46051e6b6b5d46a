import type { DashboardSummary } from '@invoicer/domain/api/dashboard';
import { Panel } from '../../../components/ui/panel';

/**
 * Counts by effective status; they partition the shown currency's invoices (docs/product/dashboard.md#invoice-status).
 */
export function StatusPanel({ summary }: { summary: DashboardSummary }) {
  const rows = [
    { label: 'Paid', count: summary.paid_invoices, dot: 'bg-emerald-600' },
    { label: 'Unpaid', count: summary.unpaid_invoices, dot: 'bg-sky-600' },
    { label: 'Draft', count: summary.draft_invoices, dot: 'bg-slate-500' },
    { label: 'Overdue', count: summary.overdue_invoices, dot: 'bg-red-600' },
  ];
  const total = Math.max(
    1,
    rows.reduce((sum, row) => sum + row.count, 0),
  );
  return (
    <Panel title="Invoice Status">
      <dl className="space-y-2">
        {rows.map(({ label, count, dot }) => (
          // The bar hangs from the group (dl > div > dt + dd only), under the label and the count.
          <div key={label} className="relative flex items-center justify-between pb-3 text-sm">
            <dt className="flex items-center gap-2 text-slate-700">
              <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${dot}`} />
              {label}
            </dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {count}
              <span aria-hidden className="absolute inset-x-0 bottom-0 h-1.5 overflow-hidden rounded-full bg-slate-100">
                <span className={`block h-full rounded-full ${dot}`} style={{ width: `${(count / total) * 100}%` }} />
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

import type { DashboardSummary } from '@invoicer/domain/api/dashboard';
import { formatDecimalMoney } from '@invoicer/domain/money';
import { Clock, FileText, Users, Wallet, type LucideIcon } from 'lucide-react';
import { BreakableAmount } from '../../../components/ui/breakable-amount';

interface Card {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
}

/**
 * The four figures (docs/product/dashboard.md#figures): revenue = the money received (payments), outstanding = the
 * balance due of sent + overdue invoices, in the shown currency only.
 */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  const cards: Card[] = [
    {
      label: 'Total Revenue',
      value: formatDecimalMoney(summary.total_revenue, summary.currency),
      hint: `Payments received in ${summary.currency}`,
      icon: Wallet,
      tone: 'bg-emerald-50 text-emerald-700',
    },
    {
      label: 'Outstanding',
      value: formatDecimalMoney(summary.total_outstanding, summary.currency),
      hint: 'Still due on sent and overdue invoices',
      icon: Clock,
      tone: 'bg-amber-50 text-amber-700',
    },
    {
      label: 'Total Invoices',
      value: String(summary.total_invoices),
      hint: `Invoices in ${summary.currency}`,
      icon: FileText,
      tone: 'bg-indigo-50 text-indigo-700',
    },
    {
      label: 'Clients',
      value: String(summary.unique_clients),
      // What the number is: the saved clients (typed names on invoices are not counted; ADR 43).
      hint: 'Saved in your client list',
      icon: Users,
      tone: 'bg-sky-50 text-sky-700',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map(({ label, value, hint, icon: Icon, tone }) => (
        <li key={label} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-sm font-medium text-slate-600">{label}</h2>
            <span className={`hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:inline-flex ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden />
            </span>
          </div>
          <p className="mt-2 text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">
            <BreakableAmount>{value}</BreakableAmount>
          </p>
          <p className="mt-1 text-xs text-slate-600">{hint}</p>
        </li>
      ))}
    </ul>
  );
}

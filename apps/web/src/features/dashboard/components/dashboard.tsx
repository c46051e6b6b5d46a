import type { CurrencyCode } from '@invoicer/domain/currencies';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { useDashboardSummary } from '../hooks/use-dashboard-summary';
import { CurrencySelect } from './currency-select';
import { CurrencyTotals } from './currency-totals';
import { DashboardError } from './dashboard-error';
import { DashboardSkeleton } from './dashboard-skeleton';
import { MonthlyChart } from './monthly-chart';
import { QuickActions } from './quick-actions';
import { RecentInvoices } from './recent-invoices';
import { StatCards } from './stat-cards';
import { StatusPanel } from './status-panel';

export interface DashboardProps {
  /** The signed-in user's first name; 'Guest' when there is none. */
  firstName: string;
  /** The user's default currency (settings), tried when no preference is stored. */
  defaultCurrency: CurrencyCode | undefined;
}

/** /dashboard (docs/product/dashboard.md): the user's figures in one currency at a time. */
export function Dashboard({ firstName, defaultCurrency }: DashboardProps) {
  const { data, isLoading, isSwitching, error, isRetrying, retry, selectCurrency } =
    useDashboardSummary(defaultCurrency);
  const showSelect = !isLoading && data && data.available_currencies.length > 1;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Welcome back, {firstName.trim() || 'Guest'}!
          </h1>
          <p className="mt-1 text-sm text-slate-600">Here is how your invoices are doing.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {showSelect && (
            <CurrencySelect
              value={data.currency}
              options={data.available_currencies}
              onChange={selectCurrency}
              busy={isSwitching}
            />
          )}
          <Link
            to="/new"
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 md:h-10"
          >
            <Plus className="h-4 w-4" aria-hidden />
            New Invoice
          </Link>
        </div>
      </div>

      {error ? (
        <DashboardError message={error.message} onRetry={retry} retrying={isRetrying} />
      ) : isLoading || !data ? (
        <DashboardSkeleton />
      ) : (
        <div
          aria-busy={isSwitching}
          className={cn('space-y-4 transition-opacity sm:space-y-6', isSwitching && 'opacity-60')}
        >
          <StatCards summary={data} />
          <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
            <div className="min-w-0 space-y-4 sm:space-y-6 lg:col-span-2">
              <RecentInvoices invoices={data.invoices} />
              <MonthlyChart months={data.monthly} currency={data.currency} symbol={data.currency_symbol} />
            </div>
            <div className="min-w-0 space-y-4 sm:space-y-6">
              <StatusPanel summary={data} />
              <CurrencyTotals totals={data.currency_totals} />
              <QuickActions />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** 'Error Loading Dashboard', the error text and Retry (docs/product/dashboard.md#loading-and-errors). */
export function DashboardError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-red-50 text-red-600">
        <AlertTriangle className="h-6 w-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Error Loading Dashboard</h2>
      <p className="mt-1 text-sm text-slate-600">{message}</p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
        Retry
      </Button>
    </div>
  );
}

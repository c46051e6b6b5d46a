import { FileText, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** Placeholder rows while the first page loads. */
export function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading invoices" className="divide-y divide-slate-100">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex animate-pulse items-center gap-4 px-4 py-4">
          <div className="h-5 w-5 rounded bg-slate-200" />
          <div className="h-4 w-20 rounded bg-slate-200" />
          <div className="h-4 flex-1 rounded bg-slate-100" />
          <div className="hidden h-4 w-24 rounded bg-slate-200 sm:block" />
          <div className="h-5 w-14 rounded-full bg-slate-200" />
        </div>
      ))}
      <span className="sr-only">Loading invoices</span>
    </div>
  );
}

/** 'No invoices found', with why (docs/product/invoices.md#the-invoice-list). */
export function ListEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-14 text-center">
      <FileText className="h-10 w-10 text-slate-300" aria-hidden />
      <h2 className="text-base font-semibold text-slate-900">No invoices found</h2>
      <p className="text-sm text-slate-600">
        {filtered ? 'No invoices match your criteria.' : 'Get started by creating your first invoice.'}
      </p>
      {!filtered && (
        <Link
          to="/new"
          className="mt-2 inline-flex h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:h-10"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Create Invoice
        </Link>
      )}
    </div>
  );
}

/** The list could not be loaded: the toast has said why; this offers another try. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-14 text-center">
      <p className="text-sm text-slate-700">Failed to load invoices</p>
      <Button variant="secondary" onClick={onRetry} className="h-11 md:h-10">
        Retry
      </Button>
    </div>
  );
}

import { ReceiptText } from 'lucide-react';

/**
 * Settings > Billing (docs/product/settings.md#billing): the plan and an empty history; upgrade and payment methods are
 * hidden.
 */
export function BillingSection() {
  return (
    <section aria-labelledby="billing-heading" className="space-y-5">
      <div>
        <h2 id="billing-heading" className="text-lg font-semibold text-slate-900">
          Billing
        </h2>
        <p className="mt-1 text-sm text-slate-600">Your plan and your payments.</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="text-sm font-medium text-slate-600">Current plan</p>
        <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Free Plan</p>
        <p className="mt-2 text-sm text-slate-600">
          Create, preview and download invoices, and keep your invoices, clients and businesses in your account.
        </p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h3 className="text-base font-semibold text-slate-900">Billing history</h3>
        <div className="mt-4 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <ReceiptText className="h-6 w-6 text-slate-400" aria-hidden />
          <p className="text-sm text-slate-600">No billing history available</p>
        </div>
      </div>
    </section>
  );
}

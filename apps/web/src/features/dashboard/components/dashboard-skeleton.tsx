/** Grey shapes where the figures will be while they load (docs/product/dashboard.md#loading-and-errors). */
export function DashboardSkeleton() {
  const block = 'animate-pulse rounded-2xl bg-slate-200/70 motion-reduce:animate-none';
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading dashboard...</span>
      <div aria-hidden className="space-y-4 sm:space-y-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className={`h-28 ${block}`} />
          ))}
        </div>
        <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
          <div className="space-y-4 sm:space-y-6 lg:col-span-2">
            <div className={`h-72 ${block}`} />
            <div className={`h-64 ${block}`} />
          </div>
          <div className="space-y-4 sm:space-y-6">
            <div className={`h-48 ${block}`} />
            <div className={`h-40 ${block}`} />
          </div>
        </div>
      </div>
    </div>
  );
}

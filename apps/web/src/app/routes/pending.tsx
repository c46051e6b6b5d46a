import { Spinner } from '../../components/ui/spinner';

/** Pages whose feature is still to be built show a plain loading state, never invented data. */
export function PendingRoute() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-slate-500">
      <Spinner />
    </div>
  );
}

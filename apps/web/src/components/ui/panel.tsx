import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A titled card of the dashboard and the invoice page; `action` sits at the title's right (a link, a legend). */
export function Panel({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="min-w-0 text-base font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A small text link in a panel, with a 44 px touch target on phones. */
export const panelLinkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 hover:text-indigo-900 md:min-h-8 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

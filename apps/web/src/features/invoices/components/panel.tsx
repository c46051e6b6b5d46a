import type { ReactNode } from 'react';

/** A titled box of the detail page; `action` sits beside the title (an edit link). */
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
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className ?? ''}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A small text link with a 44 px touch target on phones. */
export const panelLinkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 hover:text-indigo-900 md:min-h-8 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

/** 44 px on touch screens, 36 px with a mouse. */
const iconClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 md:h-9 md:w-9 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';

/** A row action shown as an icon; `label` is its accessible name and its hover hint. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode }
>(function IconButton({ label, className, children, ...props }, ref) {
  return (
    <button ref={ref} type="button" aria-label={label} title={label} className={cn(iconClass, className)} {...props}>
      {children}
    </button>
  );
});

export function IconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} aria-label={label} title={label} className={iconClass}>
      {children}
    </Link>
  );
}

import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/**
 * The thank-you screen (docs/product/support.md#the-support-form). Focus moves to its heading so screen readers
 * announce it.
 */
export function SupportSent({ firstName, email }: { firstName: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="py-6 text-center">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <CheckCircle2 className="h-6 w-6" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900 focus:outline-none">
        Support Request Sent
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm leading-6 text-slate-600">
        Thank you, {firstName.trim() || 'friend'}! We have received your request and will reply to{' '}
        <span className="font-medium break-all text-slate-900">{email}</span> within 24 hours.
      </p>
      <Link
        to="/dashboard"
        className="mt-6 inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        Back to Dashboard
      </Link>
    </div>
  );
}

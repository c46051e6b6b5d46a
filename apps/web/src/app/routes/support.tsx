import { LifeBuoy } from 'lucide-react';
import { useSession } from '../../features/auth/hooks/use-session';
import { SupportForm } from '../../features/support/components/support-form';
import { SUPPORT_EMAIL } from '../../lib/external-links';

/** /support (docs/product/support.md#the-support-form): the support request form for the session's user. */
export function SupportRoute() {
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Support · Invoicer</title>
      <div className="mb-6 flex items-start gap-3">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
          <LifeBuoy className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Contact support</h1>
          <p className="mt-1 text-sm text-slate-600">Tell us what went wrong and we will help you sort it out.</p>
        </div>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {user && (
          <SupportForm
            user={{ id: user.id, firstName: user.first_name, lastName: user.last_name, email: user.email }}
          />
        )}
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        You can also write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-indigo-700 underline underline-offset-2">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </div>
  );
}

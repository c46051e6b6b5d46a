import { ArrowLeft, Clock, Mail } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { SUPPORT_EMAIL } from '../../lib/external-links';
import { hasInAppHistory } from '../../lib/in-app-history';

/** The placeholder behind /{name} (docs/product/shell.md#coming-soon-page): a way to reach us and a way back. */
export function ComingSoonRoute() {
  const navigate = useNavigate();
  // Back to the previous page of this site in this tab; /new when there is none.
  const goBack = () => (hasInAppHistory() ? navigate(-1) : navigate('/new'));

  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <title>Coming soon · Invoicer</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
          <Clock className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Coming soon</h1>
        <p className="mt-3 leading-7 text-slate-600">
          We are still building this page. Tell us what you need from it and we will let you know when it is ready.
        </p>
        <div className="mt-8 flex flex-col-reverse items-center justify-center gap-3 sm:flex-row">
          <Button variant="secondary" onClick={goBack}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Go Back
          </Button>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white transition-colors hover:bg-indigo-500"
          >
            <Mail className="h-4 w-4" aria-hidden />
            Message us here
          </a>
        </div>
      </div>
    </div>
  );
}

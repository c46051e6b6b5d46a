import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useResendVerification, useVerifyEmailLink } from '../../features/auth/hooks/use-account-links';
import { useSession } from '../../features/auth/hooks/use-session';
import { ACCOUNT_LINK_TEXTS } from '../../features/auth/model/account-links';
import { failureMessage } from '../../lib/api-client';

const linkClass =
  'inline-flex h-10 items-center justify-center rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Under a link that cannot be used: a new one for a signed-in account that still needs it, else the way to get one. */
function NewLinkOffer() {
  const session = useSession();
  const resend = useResendVerification();
  if (session.status !== 'signed-in') {
    return (
      <p className="text-sm text-slate-700">
        <Link to="/auth?next=%2Fsettings" className="font-semibold text-indigo-700 underline underline-offset-2">
          {ACCOUNT_LINK_TEXTS.signInToResend}
        </Link>
      </p>
    );
  }
  if (session.user.email_verified) return null;
  return (
    <div className="space-y-2">
      <Button onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
        {resend.isPending ? ACCOUNT_LINK_TEXTS.resending : ACCOUNT_LINK_TEXTS.sendNewLink}
      </Button>
      <p role="status" className="text-sm wrap-anywhere text-slate-700">
        {resend.isSuccess
          ? resend.data.message
          : resend.isError
            ? failureMessage(resend.error, ACCOUNT_LINK_TEXTS.resendFailed)
            : ''}
      </p>
    </div>
  );
}

/**
 * /verify-email?token=... (docs/product/accounts.md#e-mail-verification): the page a verification link, or the link
 * that confirms a new address, opens. It uses the link at once, signed in or not (the link is the proof), and says what
 * it did; a link that cannot be used says why and offers a new one. The token is taken out of the address bar.
 */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token'));
  useEffect(() => {
    if (params.has('token')) void navigate('/verify-email', { replace: true });
  }, [params, navigate]);
  const link = useVerifyEmailLink(token);
  const session = useSession();

  let title: string;
  let body: React.ReactNode;
  if (link.isPending) {
    title = ACCOUNT_LINK_TEXTS.verifying;
    body = (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner />
        {ACCOUNT_LINK_TEXTS.verifying}
      </p>
    );
  } else if (link.isError) {
    title = ACCOUNT_LINK_TEXTS.linkUnusableTitle;
    body = (
      <div className="space-y-4">
        <p role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {failureMessage(link.error, ACCOUNT_LINK_TEXTS.verifyFailed)}
        </p>
        <NewLinkOffer />
      </div>
    );
  } else {
    title = link.data.purpose === 'email_change' ? ACCOUNT_LINK_TEXTS.changedTitle : ACCOUNT_LINK_TEXTS.verifiedTitle;
    body = (
      <div className="space-y-4">
        <p
          role="status"
          className="flex gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="wrap-anywhere">{link.data.message}</span>
        </p>
        <Link to={session.status === 'signed-in' ? '/dashboard' : '/auth'} className={linkClass}>
          {session.status === 'signed-in' ? ACCOUNT_LINK_TEXTS.continue : ACCOUNT_LINK_TEXTS.backToSignIn}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6">
      <title>{`${title} · Invoicer`}</title>
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {body}
    </div>
  );
}

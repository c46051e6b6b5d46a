import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { ACCOUNT_LINK_TEXTS } from '../../features/auth/model/account-links';
import { DEFAULT_RETURN_PATH } from '../../lib/return-path';
import { Logo } from '../layout/logo';

function Heading({ title, intro }: { title: string; intro?: string }) {
  return (
    <>
      <title>{`${title} · Invoicer`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 mb-6 text-sm text-slate-600">{intro}</p> : <div className="mb-6" />}
    </>
  );
}

/**
 * /reset-password (docs/product/accounts.md#password-reset), a page of its own without the shell like /auth: without
 * a token it asks for a reset link ("Forgot password?" of the sign-in form leads here, with the address typed there
 * in the history entry's state); with ?token= it is the page the e-mail's link opens. The token is read once and taken
 * out of the address bar, so it stays out of the history and off a shared screen.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token'));
  useEffect(() => {
    if (params.has('token')) void navigate('/reset-password', { replace: true, state: location.state });
  }, [params, navigate, location.state]);
  const initialEmail =
    typeof (location.state as { email?: unknown } | null)?.email === 'string'
      ? (location.state as { email: string }).email
      : '';
  const done = useCallback(
    (_user: unknown, message: string) => {
      toast.success(message);
      void navigate(DEFAULT_RETURN_PATH, { replace: true });
    },
    [navigate],
  );

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-white to-white">
      <header className="flex h-16 items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {token ? (
            <ResetPasswordForm token={token} heading={(title) => <Heading title={title} />} onDone={done} />
          ) : (
            <>
              <Heading title={ACCOUNT_LINK_TEXTS.forgotTitle} intro={ACCOUNT_LINK_TEXTS.forgotIntro} />
              <ForgotPasswordForm initialEmail={initialEmail} />
            </>
          )}
        </div>
      </main>
    </div>
  );
}

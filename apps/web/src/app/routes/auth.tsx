import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthForm } from '../../features/auth/components/auth-form';
import { useSession } from '../../features/auth/hooks/use-session';
import { oauthErrorMessage, type AuthMode } from '../../features/auth/model/auth-form';
import { peekReturnPath } from '../../features/auth/model/return-after-sign-in';
import { returnPathOr, safeReturnPath } from '../../lib/return-path';
import { Logo } from '../layout/logo';

/**
 * /auth (docs/product/accounts.md#the-auth-page): the same form as the modal, on a page of its own without the
 * shell. ?mode=signup opens sign-up; ?error=oauth_failed|oauth_timeout says what went wrong with
 * Google. ?next={path} names the page to land on once signed in (already, or just now), checked by
 * safeReturnPath: another site or anything odd lands on /new (docs/product/routes-and-access.md#after-signing-in).
 */
export function AuthRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = params.get('mode') === 'signup' ? 'signup' : 'login';
  const oauthError = oauthErrorMessage(params.get('error'));
  // Back from a failed Google sign-in, the page kept for the trip still counts.
  const nextParam = params.get('next');
  const returnTo = safeReturnPath(nextParam) ?? (oauthError && nextParam === null ? peekReturnPath() : null);

  // The mode lives in the address; the error parameter goes with the first toggle, like the message.
  const changeMode = useCallback(
    (mode: AuthMode) =>
      setParams(
        (current) => {
          const kept = new URLSearchParams();
          if (mode === 'signup') kept.set('mode', 'signup');
          const next = current.get('next');
          if (next !== null) kept.set('next', next);
          return kept;
        },
        { replace: true },
      ),
    [setParams],
  );
  const target = returnPathOr(returnTo);
  const toTarget = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
  const toNew = useCallback(() => void navigate('/new', { replace: true }), [navigate]);

  if (session.status === 'signed-in') return <Navigate to={target} replace />;

  const title = mode === 'signup' ? 'Create an account' : 'Sign in';
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-white to-white">
      <title>{`${title} · Invoicer`}</title>
      <header className="flex h-16 items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            {mode === 'signup' ? 'Save your invoices, clients and businesses.' : 'Welcome back.'}
          </p>
          <AuthForm
            mode={mode}
            onModeChange={changeMode}
            onSuccess={toTarget}
            onGuest={toNew}
            initialError={oauthError}
            returnTo={returnTo}
          />
        </div>
      </main>
    </div>
  );
}

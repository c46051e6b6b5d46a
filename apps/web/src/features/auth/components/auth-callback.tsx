import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { fetchSession, sessionQueryKey } from '../hooks/use-session';
import { takeReturnPath } from '../model/return-after-sign-in';

/**
 * How long the callback waits for a session before giving up
 * (docs/product/messages-and-limits.md#sessions-and-sign-in).
 */
export const OAUTH_CALLBACK_TIMEOUT_MS = 2_000;

/**
 * The return from Google sign-in (docs/product/accounts.md#the-callback-page). The server has already set the session
 * cookie when it sends the browser here; this page asks for the session again and moves on: with a
 * user, to the page kept before leaving for Google or else /new
 * (docs/product/routes-and-access.md#after-signing-in); to /auth?error=oauth_timeout after 2 seconds
 * without one; to /auth?error=oauth_failed when the check itself fails. A provider error in the address (?error=...) shows the failure view.
 */
export function AuthCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const providerError = params.get('error_description') ?? params.get('error');

  useEffect(() => {
    if (providerError) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    queryClient
      .fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0, retry: false })
      .then((user) => {
        if (cancelled) return;
        if (user) void navigate(takeReturnPath(), { replace: true });
        else
          timer = setTimeout(
            () => void navigate('/auth?error=oauth_timeout', { replace: true }),
            OAUTH_CALLBACK_TIMEOUT_MS,
          );
      })
      .catch(() => {
        if (!cancelled) void navigate('/auth?error=oauth_failed', { replace: true });
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [providerError, queryClient, navigate]);

  if (providerError) {
    return (
      <div role="alert" className="text-center">
        <h1 className="text-xl font-semibold text-slate-900">Authentication failed</h1>
        <p className="mt-2 text-sm text-slate-600">{providerError}</p>
        <Button className="mt-6" onClick={() => void navigate('/auth', { replace: true })}>
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center text-slate-600">
      <Spinner className="text-indigo-600" label="Completing authentication" />
      <h1 className="text-lg font-medium text-slate-900">Completing authentication...</h1>
    </div>
  );
}

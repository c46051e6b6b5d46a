import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { openAuthModal } from '../features/auth/hooks/use-auth-modal';
import { useSession } from '../features/auth/hooks/use-session';

/**
 * Protected pages: a guest is sent to /new with the login modal open (docs/product/routes-and-access.md#the-sign-in-guard-on-pages). A session
 * that ends while a protected page is open (sign-out, account deletion) goes to / instead: the
 * user chose to leave, so no login modal. Signing in from
 * that modal lands on the page asked for, with its query (docs/product/routes-and-access.md#after-signing-in).
 */
export function RequireAuth() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const isGuest = session.status === 'anonymous';
  // True once this guard has shown a protected page; a guest who arrives is redirected at once.
  const [wasSignedIn] = useState(session.status === 'signed-in');
  const askToSignIn = isGuest && !wasSignedIn;
  // The address this guard saw first: the one the guest asked for, before the redirect to /new.
  const [requested] = useState(`${pathname}${search}${hash}`);
  useEffect(() => {
    if (askToSignIn) openAuthModal('login', { path: requested, replace: true });
  }, [askToSignIn, requested]);
  if (session.status === 'loading') return null;
  if (isGuest) return <Navigate to={wasSignedIn ? '/' : '/new'} replace />;
  return <Outlet />;
}

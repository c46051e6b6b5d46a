import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { openAuthModal } from '../features/auth/hooks/use-auth-modal';
import { useSession } from '../features/auth/hooks/use-session';

/**
 * Protected pages: a guest is sent to /new with the login modal open. A session that ends while a
 * protected page is open (sign-out, account deletion) goes to / instead: the user chose to leave,
 * so no login modal (docs/product/routes-and-access.md#the-sign-in-guard-on-pages).
 */
export function RequireAuth() {
  const session = useSession();
  const isGuest = session.status === 'anonymous';
  // True once this guard has shown a protected page; a guest who arrives is redirected at once.
  const [wasSignedIn] = useState(session.status === 'signed-in');
  const askToSignIn = isGuest && !wasSignedIn;
  useEffect(() => {
    if (askToSignIn) openAuthModal('login');
  }, [askToSignIn]);
  if (session.status === 'loading') return null;
  if (isGuest) return <Navigate to={wasSignedIn ? '/' : '/new'} replace />;
  return <Outlet />;
}

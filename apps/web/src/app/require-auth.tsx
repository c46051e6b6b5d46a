import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { openAuthModal } from '../features/auth/hooks/use-auth-modal';
import { useSession } from '../features/auth/hooks/use-session';

/** Protected pages: a guest is sent to /new with the login modal open (spec part 1 §2). */
export function RequireAuth() {
  const session = useSession();
  const isGuest = session.status === 'anonymous';
  useEffect(() => {
    if (isGuest) openAuthModal('login');
  }, [isGuest]);
  if (session.status === 'loading') return null;
  if (isGuest) return <Navigate to="/new" replace />;
  return <Outlet />;
}

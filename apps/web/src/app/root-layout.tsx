import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { AuthModal } from '../features/auth/components/auth-modal';
import { useSession } from '../features/auth/hooks/use-session';

/** Above every page: nothing renders until the auth state is known (spec part 1 §4). */
export function RootLayout() {
  const session = useSession();
  if (session.status === 'loading') return null;
  return (
    <>
      <Outlet />
      <AuthModal />
      <Toaster position="top-right" duration={3000} richColors closeButton />
      <ScrollRestoration />
    </>
  );
}

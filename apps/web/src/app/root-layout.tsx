import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { useAuthModal } from '../features/auth/hooks/use-auth-modal';
import { useSession } from '../features/auth/hooks/use-session';
import { replayCarriedToasts } from '../lib/in-app-history';

const AuthModal = lazy(() => import('../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })));

/** The modal's code (Radix Dialog and the forms) loads the first time it opens, not with every page. */
function AuthModalOnDemand() {
  const { open } = useAuthModal();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}

/** The header's height (h-16) and its border, then a gap. */
const TOAST_TOP = 'calc(4rem + 1px + 0.75rem)';

/** Above every page: nothing renders until the auth state is known (docs/product/states-and-transitions.md#session). */
export function RootLayout() {
  const session = useSession();
  const ready = session.status !== 'loading';
  // A routed form that went back to an earlier page load sent its toast along (lib/in-app-history.ts).
  useEffect(() => {
    if (!ready) return;
    replayCarriedToasts();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) replayCarriedToasts();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [ready]);
  if (!ready) return null;
  return (
    <>
      <Outlet />
      <AuthModalOnDemand />
      <Toaster
        position="top-right"
        duration={3000}
        richColors
        closeButton
        // Below the 64 px header (and its border), so no toast covers the bell or the avatar.
        offset={{ top: TOAST_TOP }}
        mobileOffset={{ top: TOAST_TOP }}
      />
      <ScrollRestoration />
    </>
  );
}

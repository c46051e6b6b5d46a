import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useIsMobile } from '../../lib/use-media-query';

// Only an account that still has to verify its address loads the banner's code.
const VerifyEmailBanner = lazy(() =>
  import('../../features/auth/components/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);

/**
 * The shell around every page but /auth and the guest landing page: sidebar, header, bottom bar, footer, and the
 * verification banner while the account's address is not verified (docs/product/shell.md#verification-banner).
 */
export function AppShell() {
  const { user } = useSession();
  // Only one of the two navigations exists at a time, so a phone never loads the sidebar's tooltips.
  const isMobile = useIsMobile();
  return (
    // Room at the bottom on small screens so the fixed bottom bar never covers the footer.
    <div className="min-h-dvh bg-slate-50 pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <SkipLink />
      <Header />
      <div className="flex">
        {!isMobile && <Sidebar />}
        <div className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col">
          {user && !user.email_verified && (
            <Suspense fallback={null}>
              <VerifyEmailBanner email={user.email} />
            </Suspense>
          )}
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      {isMobile && <BottomBar />}
    </div>
  );
}

import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { openAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import { useUnreadCount } from '../../features/notifications/hooks/use-unread-count';
import { cn } from '../../lib/cn';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { useHideOnScroll } from './use-hide-on-scroll';
import { useIsMobile } from '../../lib/use-media-query';

// Only signed-in users see the avatar menu, so guests never download the dropdown code.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/**
 * Logo, account actions and the mobile menu button (docs/product/shell.md#header). On small screens it slides
 * away while the user scrolls down and comes back on any scroll up or keyboard focus.
 */
export function Header({ contained = false }: { contained?: boolean }) {
  const session = useSession();
  const isMobile = useIsMobile();
  const [hidden, show] = useHideOnScroll(isMobile);
  const user = session.user;
  const unread = useUnreadCount(user?.id);

  return (
    <header
      onFocusCapture={show}
      data-hidden={hidden}
      className={cn(
        'sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur-md',
        'transition-transform duration-200 ease-out motion-reduce:transition-none',
        hidden && '-translate-y-full',
      )}
    >
      <div className={cn('flex h-16 items-center gap-2 px-4 sm:px-6', contained && 'mx-auto max-w-6xl')}>
        <Logo />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {user ? (
            <>
              <NotificationsLink unread={unread} />
              {/* Phones reach the account pages through the slide-over menu instead. */}
              {!isMobile && (
                <Suspense fallback={<span aria-hidden className="block h-10 w-10 rounded-full bg-slate-100" />}>
                  <UserMenu user={user} />
                </Suspense>
              )}
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" className="sm:h-10 sm:px-4" onClick={() => openAuthModal('login')}>
                Sign in
              </Button>
              <Button size="sm" className="sm:h-10 sm:px-4" onClick={() => openAuthModal('signup')}>
                Sign Up
              </Button>
            </>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** The badge shows '99+' above 99 and is hidden at 0 (docs/product/notifications.md#the-header-badge). */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The bell with the real unread count; its name says the count, the badge itself is for the eye. */
function NotificationsLink({ unread }: { unread: number }) {
  return (
    <NavLink
      to="/notifications"
      aria-label={unread > 0 ? `Notifications, ${badgeText(unread)} unread` : 'Notifications'}
      className={({ isActive }) =>
        cn(
          'relative inline-flex h-10 w-10 items-center justify-center rounded-lg transition-colors',
          isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Bell className="h-5 w-5" aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
        >
          {badgeText(unread)}
        </span>
      )}
    </NavLink>
  );
}

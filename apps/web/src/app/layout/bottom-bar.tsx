import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { NAV_ITEMS } from './nav-items';
import { useGuestGuard } from './use-guest-guard';

/** The navigation of screens under 768 px, fixed at the bottom (docs/product/shell.md#bottom-bar). */
export function BottomBar() {
  const guard = useGuestGuard();
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        {NAV_ITEMS.map(({ to, label, icon: Icon, public: isPublic }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={guard(isPublic)}
              className={({ isActive }) =>
                cn(
                  'flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                  isActive ? 'text-indigo-700' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      isPublic ? 'bg-indigo-600 text-white' : isActive && 'bg-indigo-50',
                    )}
                  >
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

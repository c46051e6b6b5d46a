import { FileSearch, LifeBuoy, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ComponentPropsWithRef, type ReactElement } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { NAV_ITEMS } from './nav-items';
import { useGuestGuard } from './use-guest-guard';

// Extras below the navigation; they need not hold up the first paint.
const PromoCards = lazy(() => import('./promo-cards').then((m) => ({ default: m.PromoCards })));

/** Wraps a collapsed sidebar link in its tooltip; the tooltip code loads only when the sidebar collapses. */
export type WrapLink = (label: string, link: ReactElement) => ReactElement;

const noWrap: WrapLink = (_label, link) => link;

/** Extra props and the ref come from a tooltip trigger wrapping the link, and go to the anchor. */
interface SidebarLinkProps extends Omit<ComponentPropsWithRef<typeof NavLink>, 'className' | 'children'> {
  to: string;
  label: string;
  icon: LucideIcon;
  collapsed: boolean;
  primary?: boolean;
}

function SidebarLink({ to, label, icon: Icon, collapsed, primary = false, ...rest }: SidebarLinkProps) {
  return (
    <NavLink
      {...rest}
      to={to}
      className={({ isActive }) =>
        cn(
          'flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
          collapsed ? 'justify-center px-0' : 'px-3',
          primary
            ? cn('bg-indigo-600 text-white shadow-sm hover:bg-indigo-500', isActive && 'ring-2 ring-indigo-200')
            : isActive
              ? 'bg-indigo-50 text-indigo-700'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
    </NavLink>
  );
}

/** The sidebar below its toggle: the five links, the promo cards (expanded only), Read an e-invoice and Contact support. */
export function SidebarBody({ collapsed, wrap = noWrap }: { collapsed: boolean; wrap?: WrapLink }) {
  const guard = useGuestGuard();
  return (
    <>
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-3 pb-3">
        <nav id="sidebar-nav" aria-label="Main">
          <ul className="space-y-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to} className={item.public ? 'pt-3' : undefined}>
                {wrap(
                  item.label,
                  <SidebarLink
                    to={item.to}
                    label={item.label}
                    icon={item.icon}
                    collapsed={collapsed}
                    onClick={guard(item.public)}
                    primary={item.public}
                  />,
                )}
              </li>
            ))}
          </ul>
        </nav>
        {!collapsed && (
          <Suspense fallback={null}>
            <PromoCards />
          </Suspense>
        )}
      </div>
      <div className="space-y-1 border-t border-slate-200 p-3">
        {/* A tool open to guests too (issue 17): reads a received e-invoice. */}
        {wrap(
          'Read an e-invoice',
          <SidebarLink to="/einvoices/read" label="Read an e-invoice" icon={FileSearch} collapsed={collapsed} />,
        )}
        {wrap(
          'Contact support',
          <SidebarLink
            to="/support"
            label="Contact support"
            icon={LifeBuoy}
            collapsed={collapsed}
            onClick={guard(false)}
          />,
        )}
      </div>
    </>
  );
}

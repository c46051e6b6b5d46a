import { FileSearch, FileText, LifeBuoy, LogOut, Settings, Shield, User, X, type LucideIcon } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { openAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { cn } from '../../lib/cn';

interface MenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Needs an account: a guest gets the login modal instead. */
  account?: boolean;
}

const ACCOUNT_LINKS: MenuLink[] = [
  { to: '/settings', label: 'Profile', icon: User, account: true },
  { to: '/settings', label: 'Settings', icon: Settings, account: true },
];

const COMMON_LINKS: MenuLink[] = [
  { to: '/privacy-policy', label: 'Privacy Policy', icon: Shield },
  { to: '/terms-of-service', label: 'Terms of Service', icon: FileText },
  { to: '/support', label: 'Support', icon: LifeBuoy, account: true },
  { to: '/einvoices/read', label: 'Read an e-invoice', icon: FileSearch },
];

interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside this lazily loaded dialog, so focus is handed back to it by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The slide-over, loaded on first open. Every choice closes it. */
export function MobileMenuPanel({ open, onOpenChange, returnFocusTo }: MobileMenuPanelProps) {
  const onClose = () => onOpenChange(false);
  const { user } = useSession();
  const signOut = useSignOut();
  const links = user ? [...ACCOUNT_LINKS, ...COMMON_LINKS] : COMMON_LINKS;
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';

  const openAuth = (mode: 'login' | 'signup') => {
    onClose();
    openAuthModal(mode);
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">Menu</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close menu"
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <X className="h-5 w-5" aria-hidden />
            </RadixDialog.Close>
          </div>

          <div className="flex-1 overflow-y-auto p-4">
            {user ? (
              <div className="mb-4 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
                <Avatar name={fullName} src={user.profile_picture_url} className="h-10 w-10" />
                <div className="min-w-0">
                  <p className="text-sm font-semibold wrap-anywhere text-slate-900">{fullName}</p>
                  <p className="text-xs wrap-anywhere text-slate-600">{user.email}</p>
                </div>
              </div>
            ) : (
              <div className="mb-4 grid grid-cols-2 gap-2">
                <Button variant="secondary" onClick={() => openAuth('login')}>
                  Sign in
                </Button>
                <Button onClick={() => openAuth('signup')}>Sign Up</Button>
              </div>
            )}

            <nav aria-label="Account and help">
              <ul className="space-y-1">
                {links.map(({ to, label, icon: Icon, account }) => (
                  <li key={label}>
                    <NavLink
                      to={to}
                      end
                      onClick={(event) => {
                        if (account && !user) {
                          event.preventDefault();
                          openAuth('login');
                          return;
                        }
                        onClose();
                      }}
                      className={({ isActive }) =>
                        cn(
                          'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                          isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100',
                        )
                      }
                    >
                      <Icon className="h-5 w-5 shrink-0" aria-hidden />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>

          {user && (
            <div className="border-t border-slate-200 p-4">
              <Button
                variant="secondary"
                className="w-full"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(undefined, { onSettled: onClose })}
              >
                <LogOut className="h-4 w-4" aria-hidden />
                Sign out
              </Button>
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

import { FileText, LogOut, Settings, Shield, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import type { SessionUser } from '../../features/auth/hooks/use-session';

const itemClass =
  'flex h-9 cursor-pointer items-center gap-2.5 rounded-md px-2.5 text-sm text-slate-700 outline-none select-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:opacity-50';

function LinkItem({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The signed-in user's avatar and account menu in the header (docs/product/shell.md#avatar-menu). */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const icon = 'h-4 w-4 text-slate-500';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full p-0.5 transition-shadow hover:ring-2 hover:ring-slate-200 data-[state=open]:ring-2 data-[state=open]:ring-indigo-200"
      >
        <Avatar name={fullName} src={user.profile_picture_url} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <Avatar name={fullName} src={user.profile_picture_url} />
            <span className="min-w-0">
              <span className="block text-sm font-semibold wrap-anywhere text-slate-900">{fullName}</span>
              <span className="block text-xs wrap-anywhere text-slate-600">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />
          <LinkItem to="/settings" icon={<User className={icon} aria-hidden />}>
            Profile
          </LinkItem>
          <LinkItem to="/settings" icon={<Settings className={icon} aria-hidden />}>
            Settings
          </LinkItem>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />
          <LinkItem to="/privacy-policy" icon={<Shield className={icon} aria-hidden />}>
            Privacy Policy
          </LinkItem>
          <LinkItem to="/terms-of-service" icon={<FileText className={icon} aria-hidden />}>
            Terms of Service
          </LinkItem>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut className={icon} aria-hidden />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { FilePlus2, FileText, LayoutDashboard, Settings, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Guests may open it; every other item opens the login modal for them (docs/product/shell.md#sidebar). */
  public?: boolean;
}

/** The sidebar and the mobile bottom bar show the same five items, in this order (docs/product/shell.md#sidebar). */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/invoices', label: 'Invoices', icon: FileText },
  { to: '/clients', label: 'Clients', icon: Users },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/new', label: 'Create', icon: FilePlus2, public: true },
];

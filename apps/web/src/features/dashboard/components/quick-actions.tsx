import { ChevronRight, FilePlus2, Settings, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Panel } from '../../../components/ui/panel';

const ACTIONS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/new', label: 'Create Invoice', icon: FilePlus2 },
  { to: '/clients', label: 'Manage Clients', icon: Users },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export function QuickActions() {
  return (
    <Panel title="Quick Actions">
      <ul className="space-y-1">
        {ACTIONS.map(({ to, label, icon: Icon }) => (
          <li key={label}>
            <Link
              to={to}
              className="-mx-2 flex h-11 items-center gap-3 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900"
            >
              <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                <Icon className="h-4 w-4" aria-hidden />
              </span>
              <span className="flex-1">{label}</span>
              <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

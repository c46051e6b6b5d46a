import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../lib/cn';
import { SidebarBody } from './sidebar-body';
import { SIDEBAR_COLLAPSE_QUERY, useMediaQuery } from '../../lib/use-media-query';

// Tooltips (Radix with its positioning engine) matter only for the icon-only sidebar, so that code
// stays out of the first download; until it arrives the icons show without tooltips.
const CollapsedSidebarBody = lazy(() =>
  import('./sidebar-tooltips').then((m) => ({ default: m.CollapsedSidebarBody })),
);

/**
 * The desktop sidebar (docs/product/shell.md#sidebar): hidden under 768 px, icons only under 1285 px. The toggle
 * overrides the automatic state until the window crosses the breakpoint again.
 */
export function Sidebar() {
  const narrow = useMediaQuery(SIDEBAR_COLLAPSE_QUERY);
  const [override, setOverride] = useState<{ collapsed: boolean; whenNarrow: boolean } | null>(null);
  const collapsed = override && override.whenNarrow === narrow ? override.collapsed : narrow;
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cn(
        'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col border-r border-slate-200 bg-white md:flex',
        'transition-[width] duration-200 ease-out motion-reduce:transition-none',
        collapsed ? 'w-[72px]' : 'w-64',
      )}
    >
      <div className={cn('flex px-3 pt-3 pb-2', collapsed ? 'justify-center' : 'justify-end')}>
        <button
          type="button"
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          aria-controls="sidebar-nav"
          onClick={() => setOverride({ collapsed: !collapsed, whenNarrow: narrow })}
          className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
        >
          <ToggleIcon className="h-5 w-5" aria-hidden />
        </button>
      </div>
      {collapsed ? (
        <Suspense fallback={<SidebarBody collapsed />}>
          <CollapsedSidebarBody />
        </Suspense>
      ) : (
        <SidebarBody collapsed={false} />
      )}
    </aside>
  );
}

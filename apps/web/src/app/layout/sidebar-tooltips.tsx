import { Tooltip, TooltipProvider } from '../../components/ui/tooltip';
import { SidebarBody } from './sidebar-body';

/** The collapsed sidebar with a tooltip naming each icon, after 200 ms, 8 px away (docs/product/shell.md#sidebar). */
export function CollapsedSidebarBody() {
  return (
    <TooltipProvider>
      <SidebarBody collapsed wrap={(label, link) => <Tooltip content={label}>{link}</Tooltip>} />
    </TooltipProvider>
  );
}

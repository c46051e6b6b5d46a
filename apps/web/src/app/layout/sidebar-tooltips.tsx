import { Tooltip, TooltipProvider } from '../../components/ui/tooltip';
import { SidebarBody } from './sidebar-body';

/** The collapsed sidebar with a tooltip naming each icon (spec part 1 §2: 200 ms delay, 8 px offset). */
export function CollapsedSidebarBody() {
  return (
    <TooltipProvider>
      <SidebarBody collapsed wrap={(label, link) => <Tooltip content={label}>{link}</Tooltip>} />
    </TooltipProvider>
  );
}

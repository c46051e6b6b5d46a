import type { Client } from '@invoicer/domain/api/clients';
import { MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuItem } from '../../../components/ui/dropdown-menu';

/** The element a dialog opened from a row's menu gives focus back to: the menu's button. */
export type ClientAction = (client: Client, opener: HTMLElement | null) => void;

/** The row menu (docs/product/clients-and-businesses.md#the-clients-page): Edit Client, Delete Client. */
export function ClientActionsMenu({
  client,
  onEdit,
  onDelete,
}: {
  client: Client;
  onEdit: ClientAction;
  onDelete: ClientAction;
}) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu
      label={`Actions for ${client.name}`}
      trigger={
        <Button
          ref={button}
          variant="ghost"
          size="icon"
          className="h-11 w-11 md:h-9 md:w-9"
          aria-label={`Actions for ${client.name}`}
        >
          <MoreVertical className="h-4 w-4" aria-hidden />
        </Button>
      }
    >
      <DropdownMenuItem onSelect={() => onEdit(client, button.current)}>
        <Pencil className="h-4 w-4" aria-hidden />
        Edit Client
      </DropdownMenuItem>
      <DropdownMenuItem
        onSelect={() => onDelete(client, button.current)}
        className="text-red-700 data-[highlighted]:bg-red-50"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        Delete Client
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

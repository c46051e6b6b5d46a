import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { Download, Eye, Send, Tag, Trash2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { statusMenuOptions } from '../model/invoice-status';
import { IconButton, IconLink } from './icon-action';

export interface RowActionHandlers {
  onDownload: (invoice: InvoiceListItem) => void;
  onDelete: (invoice: InvoiceListItem) => void;
  onStatusChange: (invoice: InvoiceListItem, status: InvoiceStatus) => void;
  /** Opens the Send dialog (docs/product/sending-invoices.md#the-send-dialog); the button is given to return focus to. */
  onSend: (invoice: InvoiceListItem, trigger: HTMLButtonElement) => void;
  /** Ids whose download or status change is under way. */
  busyIds: ReadonlySet<string>;
}

/** View, download, send, change status and delete one invoice (docs/product/invoices.md#the-invoice-list). */
export function RowActions({
  invoice,
  onDownload,
  onDelete,
  onStatusChange,
  onSend,
  busyIds,
}: RowActionHandlers & { invoice: InvoiceListItem }) {
  const number = invoice.invoice_number;
  const busy = busyIds.has(invoice.id);
  return (
    <div className="flex items-center justify-end gap-0.5">
      <IconLink to={`/invoice/${invoice.id}`} label={`View invoice ${number}`}>
        <Eye className="h-4 w-4" aria-hidden />
      </IconLink>
      <IconButton
        label={`Download invoice ${number}`}
        onClick={() => onDownload(invoice)}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Spinner className="h-4 w-4" label="Working" /> : <Download className="h-4 w-4" aria-hidden />}
      </IconButton>
      <IconButton label={`Send invoice ${number}`} onClick={(event) => onSend(invoice, event.currentTarget)}>
        <Send className="h-4 w-4" aria-hidden />
      </IconButton>
      <DropdownMenu
        label={`Status of invoice ${number}`}
        className="w-72 max-w-[calc(100vw-1rem)]"
        trigger={
          <IconButton label={`Change status of invoice ${number}`} disabled={busy}>
            <Tag className="h-4 w-4" aria-hidden />
          </IconButton>
        }
      >
        <DropdownMenuLabel>Set status</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={invoice.status}
          onValueChange={(value) => {
            if (value !== invoice.status) onStatusChange(invoice, value as InvoiceStatus);
          }}
        >
          {statusMenuOptions(invoice).map(({ value, label, description }) => (
            <DropdownMenuRadioItem key={value} value={value} description={description}>
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenu>
      <IconButton
        label={`Delete invoice ${number}`}
        onClick={() => onDelete(invoice)}
        className="hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </IconButton>
    </div>
  );
}

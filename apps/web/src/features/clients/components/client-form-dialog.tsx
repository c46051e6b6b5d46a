import type { Client } from '@invoicer/domain/api/clients';
import { toast } from 'sonner';
import { PartyFormDialog, type PartyFieldSpec } from '../../../components/party-form-dialog';
import { queryRoots } from '../../../lib/query-keys';
import { createClient, updateClient } from '../api/clients-api';
import { CLIENT_TOASTS, clientFormSchema } from '../model/client-form';

export interface ClientFormDialogProps {
  open: boolean;
  /** Edit mode when given; create mode otherwise. */
  client?: Client | null;
  /** Cancel, Escape, the close button, and also after a successful save (right after onSaved). */
  onClose: () => void;
  /** The client the server saved; the dialog has already shown its toast and refreshed the client lists. */
  onSaved: (client: Client) => void;
  /** Gets focus back on close (opened from a row's menu: that menu's button). */
  returnFocus?: HTMLElement | null;
}

type ClientField = 'name' | 'email' | 'phone' | 'address';

const FIELDS: readonly PartyFieldSpec<ClientField>[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'address', label: 'Address', multiline: true },
];

/** 'Add New Client' / 'Edit Client' (docs/product/clients-and-businesses.md#the-client-modal). */
export function ClientFormDialog({ open, client = null, onClose, onSaved, returnFocus = null }: ClientFormDialogProps) {
  return (
    <PartyFormDialog
      open={open}
      returnFocus={returnFocus}
      noun="Client"
      editingId={client?.id ?? null}
      description={client ? "Update this client's details." : 'Add someone you send invoices to.'}
      onClose={onClose}
      form={{
        fields: FIELDS,
        schema: clientFormSchema,
        initial: {
          name: client?.name ?? '',
          email: client?.email ?? '',
          phone: client?.phone ?? '',
          address: client?.address ?? '',
        },
        invalidates: [queryRoots.clients, queryRoots.parties],
        save: (fields) => (client ? updateClient(client.id, fields) : createClient(fields)),
        onSaved: ({ client: saved }) => {
          toast.success(client ? CLIENT_TOASTS.updated(saved.name) : CLIENT_TOASTS.created(saved.name));
          onSaved(saved);
        },
      }}
    />
  );
}

import type { Client } from '@invoicer/domain/api/clients';
import { languageChoices } from '@invoicer/domain/document-language';
import { toast } from 'sonner';
import { clientEInvoiceFields, type ClientEInvoiceField } from '../../../components/party-einvoice-fields';
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

type ClientField = 'name' | 'email' | 'phone' | 'address' | 'preferred_language' | ClientEInvoiceField;

/** No language, then each language by its own name (a saved tag with a region as it is, so it is kept). */
function languageOptions(saved: string | null) {
  return [{ value: '', label: 'None (English, or the invoice’s own)' }, ...languageChoices(saved)];
}

function fieldsFor(client: Client | null): readonly PartyFieldSpec<ClientField>[] {
  const saved = client?.preferred_language ?? null;
  return [
    { name: 'name', label: 'Name', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'phone', label: 'Phone', type: 'tel' },
    { name: 'address', label: 'Address', multiline: true },
    {
      name: 'preferred_language',
      label: 'Invoice language',
      hint: 'Invoices for this client print in it unless an invoice names its own.',
      options: languageOptions(saved),
    },
    ...clientEInvoiceFields({ country: client?.country ?? '', endpoint_scheme: client?.endpoint_scheme ?? '' }),
  ];
}

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
        fields: fieldsFor(client),
        schema: clientFormSchema,
        initial: {
          name: client?.name ?? '',
          email: client?.email ?? '',
          phone: client?.phone ?? '',
          address: client?.address ?? '',
          preferred_language: client?.preferred_language ?? '',
          street: client?.street ?? '',
          additional_street: client?.additional_street ?? '',
          postcode: client?.postcode ?? '',
          city: client?.city ?? '',
          region: client?.region ?? '',
          country: client?.country ?? '',
          vat_id: client?.vat_id ?? '',
          company_id: client?.company_id ?? '',
          endpoint_id: client?.endpoint_id ?? '',
          endpoint_scheme: client?.endpoint_scheme ?? '',
          buyer_reference: client?.buyer_reference ?? '',
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

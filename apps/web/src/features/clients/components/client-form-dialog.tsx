import { zodResolver } from '@hookform/resolvers/zod';
import type { Client } from '@invoicer/domain/api/clients';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PartyFormDialog, PartyFormFooter } from '../../../components/party-form-dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { usePartySave } from '../../../lib/use-party-save';
import { createClient, updateClient, type ClientFields } from '../api/clients-api';
import { clientKeys } from '../hooks/client-queries';
import { CLIENT_TOASTS, clientFormSchema, type ClientFormInput, type ClientFormValues } from '../model/client-form';

export interface ClientFormDialogProps {
  open: boolean;
  /** Edit mode when given; create mode otherwise. */
  client?: Client | null;
  /** Cancel, Escape, the close button, and also after a successful save (right after onSaved). */
  onClose: () => void;
  /** The client the server saved; the dialog has already shown its toast and refreshed the client lists. */
  onSaved: (client: Client) => void;
}

interface ClientFormProps {
  client: Client | null;
  onClose: () => void;
  onSaved: (client: Client) => void;
  onBusyChange: (busy: boolean) => void;
}

const FORM_FIELDS = ['name', 'email'] as const;

function ClientForm({ client, onClose, onSaved, onBusyChange }: ClientFormProps) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<ClientFormInput, unknown, ClientFormValues>({
    defaultValues: {
      name: client?.name ?? '',
      email: client?.email ?? '',
      phone: client?.phone ?? '',
      address: client?.address ?? '',
    },
    resolver: zodResolver(clientFormSchema),
    // Spec part 1 §5: editing a field clears its error; the rules run again on the next submit.
    reValidateMode: 'onSubmit',
  });

  const {
    busy,
    generalError,
    submit: save,
  } = usePartySave({
    save: (fields: ClientFields) => (client ? updateClient(client.id, fields) : createClient(fields)),
    onSuccess: ({ client: saved }) => {
      toast.success(client ? CLIENT_TOASTS.updated(saved.name) : CLIENT_TOASTS.created(saved.name));
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      onSaved(saved);
      onClose();
    },
    errorFields: FORM_FIELDS,
    setFieldError: (field, message) => setError(field, { type: 'server', message }),
    onBusyChange,
  });

  const field = (name: keyof ClientFormInput) =>
    register(name, {
      onChange: () => clearErrors(name),
    });

  const submit = handleSubmit((values) => {
    save({
      name: values.name,
      email: values.email,
      phone: values.phone ?? '',
      address: values.address ?? '',
    });
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Name"
        required
        autoComplete="off"
        autoFocus
        error={errors.name?.message}
        disabled={busy}
        {...field('name')}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        error={errors.email?.message}
        disabled={busy}
        {...field('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        disabled={busy}
        {...field('phone')}
      />
      <TextAreaField label="Address" error={errors.address?.message} disabled={busy} {...field('address')} />
      <PartyFormFooter
        noun="Client"
        editing={client !== null}
        busy={busy}
        generalError={generalError}
        onCancel={onClose}
      />
    </form>
  );
}

/** 'Add New Client' / 'Edit Client' (spec part 1 §2, §4, §5, §8). */
export function ClientFormDialog({ open, client = null, onClose, onSaved }: ClientFormDialogProps) {
  return (
    <PartyFormDialog
      open={open}
      noun="Client"
      editingId={client?.id ?? null}
      description={client ? "Update this client's details." : 'Add someone you send invoices to.'}
      onClose={onClose}
    >
      {(onBusyChange) => <ClientForm client={client} onClose={onClose} onSaved={onSaved} onBusyChange={onBusyChange} />}
    </PartyFormDialog>
  );
}

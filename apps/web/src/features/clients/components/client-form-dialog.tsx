import { zodResolver } from '@hookform/resolvers/zod';
import type { Client } from '@invoicer/domain/api/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { partySaveFailure } from '../../../lib/party-save-errors';
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
  const [generalError, setGeneralError] = useState<string | null>(null);
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

  const mutation = useMutation({
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    mutationFn: (fields: ClientFields) => (client ? updateClient(client.id, fields) : createClient(fields)),
    onSuccess: ({ client: saved }) => {
      toast.success(client ? CLIENT_TOASTS.updated(saved.name) : CLIENT_TOASTS.created(saved.name));
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      onSaved(saved);
      onClose();
    },
    onError: (failure) => {
      const { fields, general } = partySaveFailure(failure, FORM_FIELDS);
      for (const [field, message] of Object.entries(fields)) {
        setError(field as (typeof FORM_FIELDS)[number], { type: 'server', message });
      }
      setGeneralError(general);
    },
  });
  const busy = mutation.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const field = (name: keyof ClientFormInput) =>
    register(name, {
      onChange: () => clearErrors(name),
    });

  const submit = handleSubmit((values) => {
    setGeneralError(null);
    mutation.mutate({
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
      {generalError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {generalError}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} className="h-11 sm:h-10">
          Cancel
        </Button>
        <Button type="submit" disabled={busy} className="h-11 sm:h-10">
          {busy ? (client ? 'Saving...' : 'Creating...') : client ? 'Save Changes' : 'Create Client'}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Add New Client' / 'Edit Client' (spec part 1 §2, §4, §5, §8). The form mounts with the dialog's
 * content, so it starts afresh (values and errors) each time it opens. While saving, closing is refused.
 */
export function ClientFormDialog({ open, client = null, onClose, onSaved }: ClientFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={client ? 'Edit Client' : 'Add New Client'}
      description={client ? "Update this client's details." : 'Add someone you send invoices to.'}
      busy={busy}
      className="max-w-md"
    >
      <ClientForm
        key={client?.id ?? 'new'}
        client={client}
        onClose={onClose}
        onSaved={onSaved}
        onBusyChange={setBusy}
      />
    </Dialog>
  );
}

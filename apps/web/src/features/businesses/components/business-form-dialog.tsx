import { zodResolver } from '@hookform/resolvers/zod';
import type { Business } from '@invoicer/domain/api/businesses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { partySaveFailure } from '../../../lib/party-save-errors';
import { createBusiness, updateBusiness, type BusinessFields } from '../api/businesses-api';
import { businessKeys } from '../hooks/business-queries';
import {
  BUSINESS_TOASTS,
  businessFormSchema,
  type BusinessFormInput,
  type BusinessFormValues,
} from '../model/business-form';

export interface BusinessFormDialogProps {
  open: boolean;
  /** Edit mode when given; create mode otherwise. */
  business?: Business | null;
  /** Cancel, Escape, the close button, and also after a successful save (right after onSaved). */
  onClose: () => void;
  /** The business the server saved; the dialog has already shown its toast and refreshed the business lists. */
  onSaved: (business: Business) => void;
}

interface BusinessFormProps {
  business: Business | null;
  onClose: () => void;
  onSaved: (business: Business) => void;
  onBusyChange: (busy: boolean) => void;
}

const FORM_FIELDS = ['name', 'email', 'tax_id'] as const;

function BusinessForm({ business, onClose, onSaved, onBusyChange }: BusinessFormProps) {
  const queryClient = useQueryClient();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<BusinessFormInput, unknown, BusinessFormValues>({
    defaultValues: {
      name: business?.name ?? '',
      email: business?.email ?? '',
      phone: business?.phone ?? '',
      address: business?.address ?? '',
      tax_id: business?.tax_id ?? '',
    },
    resolver: zodResolver(businessFormSchema),
    // Spec part 1 §5: editing a field clears its error; the rules run again on the next submit.
    reValidateMode: 'onSubmit',
  });

  const mutation = useMutation({
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    mutationFn: (fields: BusinessFields) => (business ? updateBusiness(business.id, fields) : createBusiness(fields)),
    onSuccess: ({ business: saved }) => {
      toast.success(business ? BUSINESS_TOASTS.updated(saved.name) : BUSINESS_TOASTS.created(saved.name));
      void queryClient.invalidateQueries({ queryKey: businessKeys.all });
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

  const field = (name: keyof BusinessFormInput) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit((values) => {
    setGeneralError(null);
    mutation.mutate({
      name: values.name,
      email: values.email,
      phone: values.phone ?? '',
      address: values.address ?? '',
      tax_id: values.tax_id ?? '',
    });
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Business name"
        required
        autoComplete="organization"
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
      <TextField
        label="Tax ID"
        autoComplete="off"
        error={errors.tax_id?.message}
        disabled={busy}
        {...field('tax_id')}
      />
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
          {busy ? (business ? 'Saving...' : 'Creating...') : business ? 'Save Changes' : 'Create Business'}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Add New Business' / 'Edit Business' (spec part 1 §2, §4, §5, §8). The form mounts with the dialog's
 * content, so it starts afresh (values and errors) each time it opens. While saving, closing is refused.
 */
export function BusinessFormDialog({ open, business = null, onClose, onSaved }: BusinessFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={business ? 'Edit Business' : 'Add New Business'}
      description={business ? "Update this business's details." : 'Add a business you send invoices from.'}
      busy={busy}
      className="max-w-md"
    >
      <BusinessForm
        key={business?.id ?? 'new'}
        business={business}
        onClose={onClose}
        onSaved={onSaved}
        onBusyChange={setBusy}
      />
    </Dialog>
  );
}

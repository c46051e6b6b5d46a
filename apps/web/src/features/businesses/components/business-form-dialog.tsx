import { zodResolver } from '@hookform/resolvers/zod';
import type { Business } from '@invoicer/domain/api/businesses';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PartyFormDialog, PartyFormFooter } from '../../../components/party-form-dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { usePartySave } from '../../../lib/use-party-save';
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

  const {
    busy,
    generalError,
    submit: save,
  } = usePartySave({
    save: (fields: BusinessFields) => (business ? updateBusiness(business.id, fields) : createBusiness(fields)),
    onSuccess: ({ business: saved }) => {
      toast.success(business ? BUSINESS_TOASTS.updated(saved.name) : BUSINESS_TOASTS.created(saved.name));
      void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      onSaved(saved);
      onClose();
    },
    errorFields: FORM_FIELDS,
    setFieldError: (field, message) => setError(field, { type: 'server', message }),
    onBusyChange,
  });

  const field = (name: keyof BusinessFormInput) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit((values) => {
    save({
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
      <PartyFormFooter
        noun="Business"
        editing={business !== null}
        busy={busy}
        generalError={generalError}
        onCancel={onClose}
      />
    </form>
  );
}

/** 'Add New Business' / 'Edit Business' (spec part 1 §2, §4, §5, §8). */
export function BusinessFormDialog({ open, business = null, onClose, onSaved }: BusinessFormDialogProps) {
  return (
    <PartyFormDialog
      open={open}
      noun="Business"
      editingId={business?.id ?? null}
      description={business ? "Update this business's details." : 'Add a business you send invoices from.'}
      onClose={onClose}
    >
      {(onBusyChange) => (
        <BusinessForm business={business} onClose={onClose} onSaved={onSaved} onBusyChange={onBusyChange} />
      )}
    </PartyFormDialog>
  );
}

import type { Business } from '@invoicer/domain/api/businesses';
import { formatIban } from '@invoicer/domain/bank-account';
import { toast } from 'sonner';
import { businessEInvoiceFields, type BusinessEInvoiceField } from '../../../components/party-einvoice-fields';
import { PartyFormDialog, type PartyFieldSpec } from '../../../components/party-form-dialog';
import { queryRoots } from '../../../lib/query-keys';
import { createBusiness, updateBusiness } from '../api/businesses-api';
import { BANK_SECTION, BUSINESS_TOASTS, businessFormSchema } from '../model/business-form';

export interface BusinessFormDialogProps {
  open: boolean;
  /** Edit mode when given; create mode otherwise. */
  business?: Business | null;
  /** Cancel, Escape, the close button, and also after a successful save (right after onSaved). */
  onClose: () => void;
  /** The business the server saved; the dialog has already shown its toast and refreshed the business lists. */
  onSaved: (business: Business) => void;
}

type BusinessField =
  'name' | 'email' | 'phone' | 'address' | 'tax_id' | 'iban' | 'bic' | 'account_holder' | BusinessEInvoiceField;

const FIELDS: readonly PartyFieldSpec<BusinessField>[] = [
  { name: 'name', label: 'Business name', required: true, autoComplete: 'organization' },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'address', label: 'Address', multiline: true },
  { name: 'tax_id', label: 'Tax ID' },
  {
    name: 'iban',
    label: 'IBAN',
    section: BANK_SECTION,
    hint: 'EUR invoices from this business carry a QR code your clients scan to pay.',
  },
  { name: 'bic', label: 'BIC', section: BANK_SECTION, hint: 'Optional: 8 or 11 characters.' },
  {
    name: 'account_holder',
    label: 'Account holder',
    section: BANK_SECTION,
    hint: 'The name your bank holds the account under, at most 70 characters; when empty, the business name.',
  },
];

/**
 * 'Add New Business' / 'Edit Business' (docs/product/clients-and-businesses.md#the-business-modal); the logo is not
 * edited here.
 */
export function BusinessFormDialog({ open, business = null, onClose, onSaved }: BusinessFormDialogProps) {
  return (
    <PartyFormDialog
      open={open}
      noun="Business"
      editingId={business?.id ?? null}
      description={business ? "Update this business's details." : 'Add a business you send invoices from.'}
      onClose={onClose}
      form={{
        fields: [
          ...FIELDS,
          ...businessEInvoiceFields({
            country: business?.country ?? '',
            endpoint_scheme: business?.endpoint_scheme ?? '',
          }),
        ],
        schema: businessFormSchema,
        initial: {
          name: business?.name ?? '',
          email: business?.email ?? '',
          phone: business?.phone ?? '',
          address: business?.address ?? '',
          tax_id: business?.tax_id ?? '',
          iban: business?.iban ? formatIban(business.iban) : '',
          bic: business?.bic ?? '',
          account_holder: business?.account_holder ?? '',
          street: business?.street ?? '',
          additional_street: business?.additional_street ?? '',
          postcode: business?.postcode ?? '',
          city: business?.city ?? '',
          region: business?.region ?? '',
          country: business?.country ?? '',
          vat_id: business?.vat_id ?? '',
          company_id: business?.company_id ?? '',
          endpoint_id: business?.endpoint_id ?? '',
          endpoint_scheme: business?.endpoint_scheme ?? '',
        },
        invalidates: [queryRoots.businesses, queryRoots.parties],
        save: (fields) => (business ? updateBusiness(business.id, fields) : createBusiness(fields)),
        onSaved: ({ business: saved }) => {
          toast.success(business ? BUSINESS_TOASTS.updated(saved.name) : BUSINESS_TOASTS.created(saved.name));
          onSaved(saved);
        },
      }}
    />
  );
}

import { businessBodyObject } from '@invoicer/domain/api/businesses';
import { storedEndpointNeedsScheme } from '@invoicer/domain/api/einvoice-fields';

/**
 * The modal's fields with the server's own rules and messages
 * (docs/product/clients-and-businesses.md#the-business-modal), the bank account's and the e-invoice details included;
 * the logo is not edited here.
 */
export const businessFormSchema = businessBodyObject
  .pick({
    name: true,
    email: true,
    phone: true,
    address: true,
    tax_id: true,
    iban: true,
    bic: true,
    account_holder: true,
    street: true,
    additional_street: true,
    postcode: true,
    city: true,
    region: true,
    country: true,
    vat_id: true,
    company_id: true,
    endpoint_id: true,
    endpoint_scheme: true,
  })
  .superRefine(storedEndpointNeedsScheme);

/** The heading of the bank account's fields in the modal. */
export const BANK_SECTION = 'Bank details for SEPA QR';

export const BUSINESS_TOASTS = {
  created: (name: string) => `Business "${name}" has been created successfully`,
  updated: (name: string) => `Business "${name}" has been updated successfully`,
  deleted: 'Business deleted successfully',
  deleteFailed: 'Failed to delete business',
  fetchFailed: 'Failed to fetch businesses',
  notFound: 'Business not found',
  online: 'Connection restored',
  offline: 'No internet connection',
} as const;

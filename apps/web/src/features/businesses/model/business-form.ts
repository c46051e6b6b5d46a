import { businessBodySchema } from '@invoicer/domain/api/businesses';

/**
 * The modal's fields with the server's own rules and messages
 * (docs/product/clients-and-businesses.md#the-business-modal), the bank account's included; the logo is not edited here.
 */
export const businessFormSchema = businessBodySchema.pick({
  name: true,
  email: true,
  phone: true,
  address: true,
  tax_id: true,
  iban: true,
  bic: true,
  account_holder: true,
});

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

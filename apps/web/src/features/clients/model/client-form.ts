import { clientBodyObject } from '@invoicer/domain/api/clients';
import { storedEndpointNeedsScheme } from '@invoicer/domain/api/einvoice-fields';

/**
 * The modal's fields with the server's own rules and messages
 * (docs/product/clients-and-businesses.md#the-client-modal), the e-invoice details included.
 */
export const clientFormSchema = clientBodyObject
  .pick({
    name: true,
    email: true,
    phone: true,
    address: true,
    preferred_language: true,
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
    buyer_reference: true,
  })
  .superRefine(storedEndpointNeedsScheme);

export const CLIENT_TOASTS = {
  created: (name: string) => `Client "${name}" has been created successfully`,
  updated: (name: string) => `Client "${name}" has been updated successfully`,
  deleted: 'Client deleted successfully',
  bulkDeleted: (count: number) => `Successfully deleted ${count} ${count === 1 ? 'client' : 'clients'}`,
  deleteFailed: 'Failed to delete client',
  bulkDeleteFailed: 'Failed to delete clients',
  fetchFailed: 'Failed to fetch clients',
  notFound: 'Client not found',
} as const;

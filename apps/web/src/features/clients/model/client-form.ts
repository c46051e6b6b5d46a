import { clientBodySchema } from '@invoicer/domain/api/clients';

/**
 * The modal's fields with the server's own rules and messages
 * (docs/product/clients-and-businesses.md#the-client-modal).
 */
export const clientFormSchema = clientBodySchema.pick({
  name: true,
  email: true,
  phone: true,
  address: true,
  preferred_language: true,
});

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

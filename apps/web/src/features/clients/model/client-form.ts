import { clientBodySchema } from '@invoicer/domain/api/clients';
import { ApiError } from '../../../lib/api-client';

/** The modal's fields with the server's own rules and messages (spec part 1 §5). */
export const clientFormSchema = clientBodySchema.pick({ name: true, email: true, phone: true, address: true });

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

/** The server's sentence when it gave one (spec part 2 §8), else the page's own. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !/^FAIL: \d+$/.test(error.message) ? error.message : fallback;
}

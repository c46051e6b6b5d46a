import { businessBodySchema } from '@invoicer/domain/api/businesses';
import { ApiError } from '../../../lib/api-client';

/** The modal's fields with the server's own rules and messages (spec part 1 §5); the logo is not edited here. */
export const businessFormSchema = businessBodySchema.pick({
  name: true,
  email: true,
  phone: true,
  address: true,
  tax_id: true,
});

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

/** The server's sentence when it gave one (spec part 2 §8), else the page's own. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !/^FAIL: \d+$/.test(error.message) ? error.message : fallback;
}

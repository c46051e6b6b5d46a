import { apiJson } from '../../../lib/api-client';

/**
 * GET /api/users/invoice-template: the account's invoice defaults (docs/product/api.md), of which a new invoice takes
 * "Apply discounts before tax". The schema loads with the call, as the editor's other contract schemas do.
 */
export async function fetchAccountInvoiceDefaults(signal?: AbortSignal) {
  const body = await apiJson('/api/users/invoice-template', {
    schema: import('@invoicer/domain/invoice-templates').then((m) => m.templateDefaultsResponseSchema),
    ...(signal ? { signal } : {}),
  });
  return body.defaults;
}

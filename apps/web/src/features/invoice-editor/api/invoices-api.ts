import type { SavedInvoiceBodyInput } from '@invoicer/domain/api/invoices';
import { apiJson } from '../../../lib/api-client';

/**
 * The editor's invoice calls (docs/product/api.md#saved-invoices). The session names the user, so no user_id is sent
 * (the server would only check it against the session). The contract's schemas load with the first
 * call, not with /new: they bring zod, which a guest's first visit does not need.
 */
const contract = () => import('@invoicer/domain/api/invoices');

/**
 * POST /api/invoices: 201 with the new invoice. `idempotencyKey` names this save: sent again with
 * the same key, the server answers the invoice the first send created instead of a second one or
 * a 409 (ADR 12).
 */
export async function createInvoice(body: SavedInvoiceBodyInput, idempotencyKey: string) {
  const { IDEMPOTENCY_KEY_HEADER, savedInvoiceResponseSchema } = await contract();
  return apiJson('/api/invoices', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: savedInvoiceResponseSchema,
  });
}

/** PUT /api/invoices/{id}: the same payload; the server keeps the status. */
export function updateInvoice(id: string, body: SavedInvoiceBodyInput) {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: contract().then((m) => m.savedInvoiceResponseSchema),
  });
}

/** GET /api/invoices/next-number: the highest numeric part of the user's numbers plus 1, 4 digits. */
export async function fetchNextInvoiceNumber(signal?: AbortSignal): Promise<string> {
  const body = await apiJson('/api/invoices/next-number', {
    schema: contract().then((m) => m.nextInvoiceNumberResponseSchema),
    ...(signal ? { signal } : {}),
  });
  return body.invoice_number;
}

/** GET /api/invoices/{id}/edit: the form's state, camelCase with the nested snake_case data. */
export async function fetchEditData(id: string, signal?: AbortSignal) {
  const body = await apiJson(`/api/invoices/${encodeURIComponent(id)}/edit`, {
    schema: contract().then((m) => m.editDataResponseSchema),
    ...(signal ? { signal } : {}),
  });
  return body.editData;
}

import {
  IDEMPOTENCY_KEY_HEADER,
  type NextInvoiceNumberResponse,
  type SavedInvoiceBodyInput,
} from '@invoicer/domain/api/invoices';
import { apiJson } from '../../../lib/api-client';

/**
 * The editor's invoice calls (spec part 1 §7). The session names the user, so no user_id is sent
 * (the server would only check it against the session).
 */

/**
 * POST /api/invoices: 201 with the new invoice's id. The answer is read leniently (see readSavedInvoiceId).
 * `idempotencyKey` names this save: sent again with the same key, the server answers the invoice the
 * first send created instead of a second one or a 409 (ADR 12).
 */
export function createInvoice(body: SavedInvoiceBodyInput, idempotencyKey: string): Promise<unknown> {
  return apiJson<unknown>('/api/invoices', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** PUT /api/invoices/{id}: the same payload; the server keeps the status. */
export function updateInvoice(id: string, body: SavedInvoiceBodyInput): Promise<unknown> {
  return apiJson<unknown>(`/api/invoices/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** GET /api/invoices/next-number: the highest numeric part of the user's numbers plus 1, 4 digits. */
export async function fetchNextInvoiceNumber(signal?: AbortSignal): Promise<string> {
  const body = await apiJson<NextInvoiceNumberResponse>('/api/invoices/next-number', signal ? { signal } : {});
  return body.invoice_number;
}

/** GET /api/invoices/{id}/edit: the form's state, camelCase with the nested snake_case data. */
export function fetchEditData(id: string, signal?: AbortSignal): Promise<unknown> {
  return apiJson<unknown>(`/api/invoices/${encodeURIComponent(id)}/edit`, signal ? { signal } : {});
}

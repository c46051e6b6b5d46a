import {
  sendDefaultsResponseSchema,
  sendInvoiceResponseSchema,
  type SendDefaultsResponse,
  type SendInvoiceBodyInput,
  type SendInvoiceResponse,
} from '@invoicer/domain/api/sending';
import { apiJson } from '../../../lib/api-client';

/** GET /api/invoices/{id}/send (docs/product/api.md#get-apiinvoicesidsend): what the Send dialog starts with. */
export function fetchSendDefaults(id: string, signal?: AbortSignal): Promise<SendDefaultsResponse> {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}/send`, {
    schema: sendDefaultsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/invoices/{id}/send (docs/product/api.md#post-apiinvoicesidsend): 202, the e-mail is queued. */
export function sendInvoice(id: string, body: SendInvoiceBodyInput): Promise<SendInvoiceResponse> {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    body,
    schema: sendInvoiceResponseSchema,
  });
}

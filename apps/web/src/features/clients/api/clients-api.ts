import {
  bulkDeleteClientsResponseSchema,
  clientDeleteResponseSchema,
  clientListResponseSchema,
  clientResponseSchema,
  clientSaveResponseSchema,
} from '@invoicer/domain/api/clients';
import type { CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { apiJson } from '../../../lib/api-client';

/** The client calls (docs/product/api.md#clients). The session names the user; no user_id is sent. */

export interface ClientListParams {
  page: number;
  perPage: number;
  search: string;
}

/** The structured e-invoice fields (street … buyer_reference): optional, '' for none. */
export type ClientPartyFields = { [Name in (typeof CLIENT_PARTY_FIELDS)[number]]?: string };

export interface ClientFields extends ClientPartyFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Left out: '' on create, unchanged on update (the modal has no tax id field). */
  tax_id?: string;
  /** '' for none. */
  preferred_language?: string;
}

export function listClients({ page, perPage, search }: ClientListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search) query.set('search', search);
  return apiJson(`/api/clients?${query.toString()}`, {
    schema: clientListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getClient(id: string, signal?: AbortSignal) {
  return apiJson(`/api/clients/${encodeURIComponent(id)}`, {
    schema: clientResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function createClient(body: ClientFields) {
  return apiJson('/api/clients', { method: 'POST', body, schema: clientSaveResponseSchema });
}

export function updateClient(id: string, body: ClientFields) {
  return apiJson(`/api/clients/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: clientSaveResponseSchema });
}

export function deleteClient(id: string) {
  return apiJson(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE', schema: clientDeleteResponseSchema });
}

export function bulkDeleteClients(clientIds: string[]) {
  return apiJson('/api/clients/bulk-delete', {
    method: 'DELETE',
    body: { client_ids: clientIds },
    schema: bulkDeleteClientsResponseSchema,
  });
}

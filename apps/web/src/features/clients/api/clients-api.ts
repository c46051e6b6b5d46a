import type {
  BulkDeleteClientsResponse,
  ClientListResponse,
  ClientResponse,
  ClientSaveResponse,
} from '@invoicer/domain/api/clients';
import type { OkResponse } from '@invoicer/domain/api/common';
import { apiJson } from '../../../lib/api-client';

/** The client calls of spec part 1 §7 and part 2 §7. The session names the user; no user_id is sent. */

export interface ClientListParams {
  page: number;
  perPage: number;
  search: string;
}

export interface ClientFields {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export function listClients({ page, perPage, search }: ClientListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search) query.set('search', search);
  return apiJson<ClientListResponse>(`/api/clients?${query.toString()}`, signal ? { signal } : {});
}

export function getClient(id: string, signal?: AbortSignal) {
  return apiJson<ClientResponse>(`/api/clients/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function createClient(body: ClientFields) {
  return apiJson<ClientSaveResponse>('/api/clients', { method: 'POST', body });
}

export function updateClient(id: string, body: ClientFields) {
  return apiJson<ClientSaveResponse>(`/api/clients/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteClient(id: string) {
  return apiJson<OkResponse>(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function bulkDeleteClients(clientIds: string[]) {
  return apiJson<BulkDeleteClientsResponse>('/api/clients/bulk-delete', {
    method: 'DELETE',
    body: { client_ids: clientIds },
  });
}

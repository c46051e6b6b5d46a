import type { BusinessListResponse, BusinessResponse, BusinessSaveResponse } from '@invoicer/domain/api/businesses';
import type { OkResponse } from '@invoicer/domain/api/common';
import { apiJson } from '../../../lib/api-client';

/** The business calls of spec part 1 §7 and part 2 §7. The session names the user; no user_id is sent. */

export interface BusinessFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  tax_id: string;
}

/** Without per_page the server answers up to 100, which the settings grid shows whole. */
export function listBusinesses(signal?: AbortSignal) {
  return apiJson<BusinessListResponse>('/api/businesses', signal ? { signal } : {});
}

export function getBusiness(id: string, signal?: AbortSignal) {
  return apiJson<BusinessResponse>(`/api/businesses/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export function createBusiness(body: BusinessFields) {
  return apiJson<BusinessSaveResponse>('/api/businesses', { method: 'POST', body });
}

export function updateBusiness(id: string, body: BusinessFields) {
  return apiJson<BusinessSaveResponse>(`/api/businesses/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteBusiness(id: string) {
  return apiJson<OkResponse>(`/api/businesses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

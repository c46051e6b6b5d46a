import {
  businessDeleteResponseSchema,
  businessListResponseSchema,
  businessResponseSchema,
  businessSaveResponseSchema,
} from '@invoicer/domain/api/businesses';
import type { BUSINESS_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { apiJson } from '../../../lib/api-client';

/** The business calls (docs/product/api.md#businesses). The session names the user; no user_id is sent. */

/** The structured e-invoice fields (street … endpoint_scheme): optional, '' for none. */
export type BusinessPartyFields = { [Name in (typeof BUSINESS_PARTY_FIELDS)[number]]?: string };

export interface BusinessFields extends BusinessPartyFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  tax_id: string;
  iban: string;
  bic: string;
  account_holder: string;
}

/** Without per_page the server answers up to 100, which the settings grid shows whole. */
export function listBusinesses(signal?: AbortSignal) {
  return apiJson('/api/businesses', { schema: businessListResponseSchema, ...(signal ? { signal } : {}) });
}

export function getBusiness(id: string, signal?: AbortSignal) {
  return apiJson(`/api/businesses/${encodeURIComponent(id)}`, {
    schema: businessResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function createBusiness(body: BusinessFields) {
  return apiJson('/api/businesses', { method: 'POST', body, schema: businessSaveResponseSchema });
}

export function updateBusiness(id: string, body: BusinessFields) {
  return apiJson(`/api/businesses/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: businessSaveResponseSchema,
  });
}

export function deleteBusiness(id: string) {
  return apiJson(`/api/businesses/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: businessDeleteResponseSchema,
  });
}

import { apiJson } from '../../../lib/api-client';
import { partyListReader, type Party, type PartyType } from '../model/normalize-party';

export interface PartyListRequest {
  /** The list endpoint, e.g. /api/clients. */
  endpoint: string;
  type: PartyType;
  userId: string;
  search?: string;
  /** Further query parameters the page configures. */
  params?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * GET {endpoint}?user_id&search plus the configured parameters (docs/product/entities.md#party). The picker shows no
 * message when this fails (docs/product/messages-and-limits.md#party-picker-messages): an answer with success false or
 * a failed call is logged and reads as an empty list. An aborted call (the picker went away) still rejects. The
 * endpoint is the page's (a business, client or vendor list), so the answer is read with the picker's own reader of the
 * alternative field names rather than one endpoint's schema.
 */
export async function fetchParties({ endpoint, type, userId, search = '', params, signal }: PartyListRequest) {
  const query = new URLSearchParams({ user_id: userId, search, ...params });
  try {
    return await apiJson(`${endpoint}?${query}`, { schema: partyListReader(type), ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to fetch parties', error);
    return [] as Party[];
  }
}

import { supportResponseSchema, type SupportIssueType } from '@invoicer/domain/api/support';
import { apiJson } from '../../../lib/api-client';

export interface SupportRequest {
  issueType: SupportIssueType;
  details: string;
  name: string;
  email: string;
  userId: string;
}

/** POST /api/support (docs/product/api.md#post-apisupport). */
export function sendSupportRequest(body: SupportRequest) {
  return apiJson('/api/support', { method: 'POST', body, schema: supportResponseSchema });
}

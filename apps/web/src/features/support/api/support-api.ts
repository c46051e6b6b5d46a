import { supportResponseSchema, type SupportIssueType } from '@invoicer/domain/api/support';
import { apiJson } from '../../../lib/api-client';

export interface SupportRequest {
  issueType: SupportIssueType;
  details: string;
  name: string;
  email: string;
  userId: string;
}

/** POST /api/support (spec part 1 §7). */
export function sendSupportRequest(body: SupportRequest) {
  return apiJson('/api/support', { method: 'POST', body, schema: supportResponseSchema });
}

import {
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  sessionsResponseSchema,
} from '@invoicer/domain/api/users';
import { apiJson } from '../../../lib/api-client';

/** GET /api/users/sessions: this browser first, then the most recently used. */
export function fetchSessions(signal?: AbortSignal) {
  return apiJson('/api/users/sessions', { schema: sessionsResponseSchema, ...(signal ? { signal } : {}) });
}

/** DELETE /api/users/sessions/{id}: `signed_out` when it was this browser's own. */
export function endSession(id: string) {
  return apiJson(`/api/users/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: endSessionResponseSchema,
  });
}

/** DELETE /api/users/sessions: every session but this one. */
export function endOtherSessions() {
  return apiJson('/api/users/sessions', { method: 'DELETE', schema: endOtherSessionsResponseSchema });
}

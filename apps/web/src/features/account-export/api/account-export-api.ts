import {
  accountExportResponseSchema,
  accountExportStartedResponseSchema,
  latestAccountExportResponseSchema,
} from '@invoicer/domain/api/account-export';
import { apiJson } from '../../../lib/api-client';

/** GET /api/users/export: the account's newest export, or null. */
export function fetchLatestExport(signal?: AbortSignal) {
  return apiJson('/api/users/export', { schema: latestAccountExportResponseSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/users/export/{id}: where the export is. */
export function fetchExport(id: string, signal?: AbortSignal) {
  return apiJson(`/api/users/export/${encodeURIComponent(id)}`, {
    schema: accountExportResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/users/export: a new export, or the one already under way. */
export function startExport() {
  return apiJson('/api/users/export', { method: 'POST', schema: accountExportStartedResponseSchema });
}

import { EINVOICE_FILE_FIELD, readEInvoiceResponseSchema } from '@invoicer/domain/api/einvoices';
import { apiJson } from '../../../lib/api-client';

/** POST /api/einvoices/read: the file as multipart; the server reads it, the page never parses XML itself. */
export function readEInvoice(file: File) {
  const body = new FormData();
  body.set(EINVOICE_FILE_FIELD, file);
  return apiJson('/api/einvoices/read', { method: 'POST', body, schema: readEInvoiceResponseSchema });
}

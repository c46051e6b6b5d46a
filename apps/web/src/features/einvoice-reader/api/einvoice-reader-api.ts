import { clientSaveResponseSchema } from '@invoicer/domain/api/clients';
import { EINVOICE_FILE_FIELD, readEInvoiceResponseSchema } from '@invoicer/domain/api/einvoices';
import { apiJson } from '../../../lib/api-client';
import type { SellerAsClient } from '../model/received-invoice';

/** POST /api/einvoices/read: the file as multipart; the server reads it, the page never parses XML itself. */
export function readEInvoice(file: File) {
  const body = new FormData();
  body.set(EINVOICE_FILE_FIELD, file);
  return apiJson('/api/einvoices/read', { method: 'POST', body, schema: readEInvoiceResponseSchema });
}

/** "Save seller as client": the clients route as it is (name, email, phone, address, tax id). */
export function saveSellerAsClient(client: SellerAsClient) {
  return apiJson('/api/clients', { method: 'POST', body: client, schema: clientSaveResponseSchema });
}

import {
  clientImportPreviewResponseSchema,
  clientImportResponseSchema,
  IMPORT_FILE_FIELD,
  IMPORT_MAPPING_FIELD,
  invoiceImportResponseSchema,
  type ClientImportMapping,
} from '@invoicer/domain/api/imports';
import { apiJson } from '../../../lib/api-client';

/**
 * The import calls (docs/product/api.md#import-calls): the file as multipart, the mapping as a JSON text field. The
 * server reads the file; the dialog never parses it.
 */

function form(file: File, mapping: ClientImportMapping | null): FormData {
  const body = new FormData();
  if (mapping) body.set(IMPORT_MAPPING_FIELD, JSON.stringify(mapping));
  body.set(IMPORT_FILE_FIELD, file);
  return body;
}

export function previewClientImport(file: File, mapping: ClientImportMapping | null, signal?: AbortSignal) {
  return apiJson('/api/clients/import/preview', {
    method: 'POST',
    body: form(file, mapping),
    schema: clientImportPreviewResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function importClients(file: File, mapping: ClientImportMapping) {
  return apiJson('/api/clients/import', {
    method: 'POST',
    body: form(file, mapping),
    schema: clientImportResponseSchema,
  });
}

export function importInvoices(file: File) {
  return apiJson('/api/invoices/import', {
    method: 'POST',
    body: form(file, null),
    schema: invoiceImportResponseSchema,
  });
}

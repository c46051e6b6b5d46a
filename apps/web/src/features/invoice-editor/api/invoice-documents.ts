import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { ApiError, apiBlob } from '../../../lib/api-client';

/** POST /generate-invoice: the PDF of the invoice. */
export async function generateInvoicePdf(body: InvoiceDocumentInput): Promise<Blob> {
  const { blob } = await apiBlob('/generate-invoice', { method: 'POST', body });
  return blob;
}

/**
 * The message a failed call shows in the editor's banner: the server's, else 'FAIL: {status}'
 * (docs/product/messages-and-limits.md#invoice-editor-messages).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `FAIL: ${error.status}`;
  if (error instanceof Error && error.message) return 'Unexpected error occurred';
  return 'Unknown error';
}

/**
 * A failed preview page: the server's sentence, else the preview's own fallback
 * (docs/product/messages-and-limits.md#invoice-editor-messages).
 */
export function previewErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `Failed to fetch invoice preview (${error.status})`;
  return errorMessage(error);
}

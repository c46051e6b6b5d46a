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

/** The file name in a Content-Disposition header (its UTF-8 form first), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * An e-invoice in a format (docs/decisions/0070-e-invoice-fields-and-outputs.md): a saved invoice as stored
 * (GET /api/invoices/{id}/einvoice), else the body as it is now (POST /generate-invoice?format=). A document the
 * rules refuse rejects with an ApiError whose `problems` are on their fields.
 */
export async function generateEInvoice(
  format: string,
  source: { invoiceId: string } | { body: InvoiceDocumentInput },
): Promise<{ blob: Blob; fileName: string | null }> {
  const query = `format=${encodeURIComponent(format)}`;
  const { blob, headers } =
    'invoiceId' in source
      ? await apiBlob(`/api/invoices/${encodeURIComponent(source.invoiceId)}/einvoice?${query}`)
      : await apiBlob(`/generate-invoice?${query}`, { method: 'POST', body: source.body });
  return { blob, fileName: dispositionFileName(headers.get('Content-Disposition')) };
}

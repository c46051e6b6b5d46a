import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { ApiError, apiBlob } from '../../../lib/api-client';

/** POST /generate-invoice: the PDF of the invoice. Errors carry the server's sentence, else 'FAIL: {status}'. */
export async function generateInvoicePdf(body: InvoiceDocumentInput): Promise<Blob> {
  const { blob } = await apiBlob('/generate-invoice', { method: 'POST', body });
  return blob;
}

export interface PreviewPage {
  image: Blob;
  page: number;
  pageCount: number;
}

/** POST /preview-invoice?page=N: one page as PNG, with the page count in X-Page-Count. */
export async function fetchInvoicePreview(
  body: InvoiceDocumentInput,
  page: number,
  signal?: AbortSignal,
): Promise<PreviewPage> {
  try {
    const { blob, headers } = await apiBlob(`/preview-invoice?page=${page}`, {
      method: 'POST',
      body,
      ...(signal ? { signal } : {}),
    });
    const pageCount = Number(headers.get('X-Page-Count'));
    return { image: blob, page, pageCount: Number.isSafeInteger(pageCount) && pageCount > 0 ? pageCount : 1 };
  } catch (error) {
    // The preview's own fallback sentence (spec part 1 §8) when the server sent none.
    if (error instanceof ApiError && error.message === `FAIL: ${error.status}`) {
      throw new ApiError(error.status, `Failed to fetch invoice preview (${error.status})`, error.errors);
    }
    throw error;
  }
}

/** The message a failed call shows in the editor's banner. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return 'Unexpected error occurred';
  return 'Unknown error';
}

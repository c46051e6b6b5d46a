import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { apiBlob } from './api-client';

export interface PreviewPage {
  image: Blob;
  page: number;
  pageCount: number;
}

/**
 * POST /preview-invoice?page=N: one page of the invoice as PNG, the page count in X-Page-Count.
 * The editor (a draft) and the invoice page (a stored invoice) both preview through it.
 */
export async function fetchPreviewPage(
  body: InvoiceDocumentInput,
  page: number,
  signal?: AbortSignal,
): Promise<PreviewPage> {
  const { blob, headers } = await apiBlob(`/preview-invoice?page=${page}`, {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });
  const pageCount = Number(headers.get('X-Page-Count'));
  return { image: blob, page, pageCount: Number.isSafeInteger(pageCount) && pageCount > 0 ? pageCount : 1 };
}

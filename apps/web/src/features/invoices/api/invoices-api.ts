import { activityListResponseSchema, type ActivityEntry } from '@invoicer/domain/api/activity';
import {
  INVOICES_DEFAULT_PER_PAGE,
  invoiceDeleteResponseSchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  invoiceStatusResponseSchema,
  type Invoice,
  type InvoiceListResponse,
  type InvoiceStatusResponse,
} from '@invoicer/domain/api/invoices';
import {
  shareDeleteResponseSchema,
  shareResponseSchema,
  shareStateResponseSchema,
  type PublicLink,
} from '@invoicer/domain/api/public-links';
import { invoiceFileName } from '@invoicer/domain/invoice-number';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { ApiError, apiBlob, apiJson, apiResponse } from '../../../lib/api-client';
import { isDefaultSort, type ListQuery } from '../model/list-query';
import { INVOICE_TOASTS } from '../model/messages';

/**
 * GET /api/invoices?page&per_page=10&search&status&sort&order (docs/product/api.md#get-apiinvoices): the server sorts
 * every matching invoice, then cuts the page. The session names the user.
 */
export function fetchInvoices(query: ListQuery, signal?: AbortSignal): Promise<InvoiceListResponse> {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(INVOICES_DEFAULT_PER_PAGE) });
  if (query.search) params.set('search', query.search);
  if (query.status !== 'all') params.set('status', query.status);
  if (!isDefaultSort(query)) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  return apiJson(`/api/invoices?${params}`, { schema: invoiceListResponseSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/invoices/{id} with the linked client and business (the detail page). */
export async function fetchInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  const path = `/api/invoices/${encodeURIComponent(id)}?include_client=true&include_business=true`;
  const { invoice } = await apiJson(path, { schema: invoiceResponseSchema, ...(signal ? { signal } : {}) });
  return invoice;
}

export function deleteInvoice(id: string) {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}`, { method: 'DELETE', schema: invoiceDeleteResponseSchema });
}

/** PUT /api/invoices/{id}/status: the answer carries the invoice with its effective status. */
export function updateInvoiceStatus(id: string, status: InvoiceStatus): Promise<InvoiceStatusResponse> {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status },
    schema: invoiceStatusResponseSchema,
  });
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* wins), or null. */
export function attachmentName(headers: Headers): string | null {
  const value = headers.get('Content-Disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(value);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Malformed escapes: fall through to the plain name.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(value);
  return plain?.[1] || null;
}

/** GET /api/invoices/{id}/pdf: the stored invoice's PDF and its file name (docs/product/invoices.md#file-names). */
export async function fetchInvoicePdf(
  invoice: Pick<Invoice, 'id' | 'invoice_number' | 'issued_date'>,
): Promise<{ blob: Blob; fileName: string }> {
  const { blob, headers } = await apiBlob(`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`);
  if (!blob.type.includes('pdf')) throw new Error(INVOICE_TOASTS.notPdf);
  const fileName = attachmentName(headers) ?? invoiceFileName(invoice.invoice_number, invoice.issued_date);
  return { blob, fileName };
}

/** What a bulk download takes: the ids ticked on the page, or every invoice the list's search and filter match. */
export type BulkSelection = { ids: string[] } | { matching: Pick<ListQuery, 'search' | 'status' | 'sort' | 'order'> };

/**
 * POST /api/invoices/download: one ZIP of the selection (the server finds "all matching" itself,
 * in the list's order). The server streams it as the PDFs are made, so there is no
 * Content-Length; progress is the count of bytes received so far.
 */
export async function downloadInvoicesZip(
  selection: BulkSelection,
  onProgress: (bytesReceived: number) => void,
): Promise<{ blob: Blob; fileName: string }> {
  const body =
    'ids' in selection
      ? { invoice_ids: selection.ids }
      : {
          all_matching: {
            search: selection.matching.search,
            status: selection.matching.status,
            sort: selection.matching.sort,
            order: selection.matching.order,
          },
        };
  const response = await apiResponse('/api/invoices/download', { method: 'POST', body });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  }
  const today = new Date().toISOString().slice(0, 10);
  return {
    blob: new Blob(chunks, { type: 'application/zip' }),
    fileName: attachmentName(response.headers) ?? `invoices_${today}.zip`,
  };
}

/** True when the detail call says the invoice is not there for this user (another user's answers 404 too). */
export function isNotFound(error: unknown): boolean {
  // A malformed id is refused with 400 before any lookup: for the page it is just as absent.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** GET /api/invoices/{id}/activity: the newest entries of the invoice's log, newest first. */
export async function fetchActivity(id: string, signal?: AbortSignal): Promise<ActivityEntry[]> {
  const { activity } = await apiJson(`/api/invoices/${encodeURIComponent(id)}/activity`, {
    schema: activityListResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return activity;
}

/** GET /api/invoices/{id}/share: the invoice's public link, or null when none is on. */
export async function fetchPublicLink(id: string, signal?: AbortSignal): Promise<PublicLink | null> {
  const { link } = await apiJson(`/api/invoices/${encodeURIComponent(id)}/share`, {
    schema: shareStateResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return link;
}

/**
 * POST /api/invoices/{id}/share: the link that is on (the same on every call) or a new one; `replace` makes a
 * new one in any case (docs/product/public-links-and-activity.md#the-link).
 */
export async function sharePublicLink(id: string, replace = false): Promise<PublicLink> {
  const { url, token, created_at } = await apiJson(`/api/invoices/${encodeURIComponent(id)}/share`, {
    method: 'POST',
    body: replace ? { replace: true } : {},
    schema: shareResponseSchema,
  });
  return { url, token, created_at };
}

/** DELETE /api/invoices/{id}/share: the link stops working. */
export function turnOffPublicLink(id: string) {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}/share`, {
    method: 'DELETE',
    schema: shareDeleteResponseSchema,
  });
}

import {
  publicInvoiceApiPath,
  publicInvoiceResponseSchema,
  type PublicInvoice,
} from '@invoicer/domain/api/public-links';
import { apiBlob, apiJson } from '../../../lib/api-client';

/** GET /api/public/invoices/{token}: the invoice of a public link (docs/product/public-links-and-activity.md#the-public-page). */
export async function fetchPublicInvoice(token: string, signal?: AbortSignal): Promise<PublicInvoice> {
  const { invoice } = await apiJson(publicInvoiceApiPath(token), {
    schema: publicInvoiceResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return invoice;
}

/** Its PDF, as the answer's `pdf_url` names it. */
export async function fetchPublicInvoicePdf(invoice: Pick<PublicInvoice, 'pdf_url'>): Promise<Blob> {
  const { blob } = await apiBlob(invoice.pdf_url);
  return blob;
}

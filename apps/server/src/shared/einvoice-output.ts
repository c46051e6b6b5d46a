import type { EInvoiceFormat, EInvoiceProblem } from '@invoicer/domain/einvoice/einvoice-formats';
import { EINVOICE_INVALID_MESSAGE, isPdfFormat } from '@invoicer/domain/einvoice/einvoice-formats';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { contentDisposition } from '@invoicer/domain/invoice-number';
import type { FastifyReply } from 'fastify';

/**
 * How the documents and invoices features answer an e-invoice (docs/decisions/0070-e-invoice-fields-and-outputs.md).
 * The maker itself (mapping, writers, the official rules) is the einvoices feature's; app.ts hands it to both
 * routes, so no feature imports another.
 */

/** The XML of a document in a format, checked by the official rules; throws EInvoiceRejected. */
export type EInvoiceMaker = (document: InvoiceDocument, format: EInvoiceFormat) => Promise<string>;

/** A document that cannot make a valid e-invoice, with each problem on its field. */
export class EInvoiceRejected extends Error {
  constructor(readonly problems: EInvoiceProblem[]) {
    super(EINVOICE_INVALID_MESSAGE);
  }
}

/** `{number}.xml` (`.pdf` for Factur-X), the number made safe for a file name (invoice.xml when it has none). */
export function einvoiceFileName(invoiceNumber: string, extension: 'xml' | 'pdf' = 'xml'): string {
  const safe = invoiceNumber.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '');
  return `${safe || 'invoice'}.${extension}`;
}

/**
 * Factur-X's PDF around the checked CII XML: the route's own render (its logo, template, render queue), on the PDF
 * threads (docs/decisions/0071-factur-x-with-pdfkit.md).
 */
export type FacturXRenderer = (xml: string) => Promise<Uint8Array>;

/**
 * 200 application/xml with the file name (application/pdf for Factur-X, the XML attached by `renderFacturX`), or
 * 422 `{ success: false, error, errors: [{ field, message, rule }] }`: the XML is checked before any PDF is made.
 */
export async function sendEInvoice(
  reply: FastifyReply,
  make: EInvoiceMaker,
  document: InvoiceDocument,
  format: EInvoiceFormat,
  renderFacturX?: FacturXRenderer,
): Promise<FastifyReply> {
  try {
    const xml = await make(document, format);
    if (isPdfFormat(format)) {
      if (!renderFacturX) throw new Error('A Factur-X answer needs the PDF renderer.');
      const pdf = await renderFacturX(xml);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(einvoiceFileName(document.invoiceNumber, 'pdf')))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    }
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', contentDisposition(einvoiceFileName(document.invoiceNumber)))
      .header('Cache-Control', 'no-store')
      .send(xml);
  } catch (error) {
    if (!(error instanceof EInvoiceRejected)) throw error;
    return reply.code(422).send({ success: false, error: error.message, errors: error.problems });
  }
}

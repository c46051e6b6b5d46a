import type { EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { defaultPaper } from '@invoicer/domain/invoice-templates';
import { DEFAULT_DOCUMENT_LANGUAGE } from '@invoicer/domain/document-language';
import { labelsFor } from '@invoicer/domain/document-labels';
import { computeTotals } from '@invoicer/domain/totals';
import { amountDueSummary } from '@invoicer/domain/amount-due';
import PDFDocument from 'pdfkit';
import { attachFacturX, escapeXmpInfo } from './factur-x';
import { acquireInvoiceFonts } from './invoice-fonts';
import { withDocumentLanguage } from './text-runs';
import { paymentQrModules } from './payment-qr';
import { prepareLogo } from './prepare-logo';
import { useFastStreamCompression } from './stream-compression';
import type { PaidAmounts } from './templates/invoice-template';
import { defaultAccent, DEFAULT_TEMPLATE, getTemplate, type TemplateName } from './templates/template-registry';

export interface RenderInvoicePdfOptions {
  /**
   * The template when the invoice names none (the account's default); else 'modern'. Any other string
   * rejects with UnknownTemplateError.
   */
  template?: TemplateName | null;
  /** The accent colour when the invoice names none (the account's); else the template's own. */
  accentColor?: string | null;
  /** Logo bytes (PNG or JPEG; WebP and GIF work too), already fetched by the caller. Bytes that do not decode are left out. */
  logo?: { bytes: Uint8Array } | null;
  /**
   * The SEPA credit transfer to print as an EPC QR code beside the payment details (a stored EUR
   * invoice from a business with an IBAN: docs/decisions/0047-sepa-payment-qr.md); none when absent.
   */
  transfer?: EpcCreditTransfer | null;
  /** A stored invoice's payments: "Amount paid" and "Balance due" under Total (none when absent or nothing paid). */
  paid?: PaidAmounts | null;
  /**
   * Factur-X (EN 16931): the CII XML, already checked by the official rules, to attach; the document is then made
   * as PDF/A-3b (factur-x.ts). None: the plain PDF.
   */
  facturx?: { xml: string } | null;
}

export const PDF_PRODUCER = 'Invoicer';

/** CreationDate when the invoice has no issued date: a constant, so equal input gives equal bytes. */
const FALLBACK_CREATION_DATE = new Date(Date.UTC(2000, 0, 1));

/**
 * Renders an invoice to PDF bytes (A4 or US Letter: the invoice's paper, else its language's region's or currency's, defaultPaper), in its language (English when it names none). Pure: the output depends only on the arguments (it reads the
 * font files once per thread) and equal input gives byte-identical output, because the creation date
 * is the issued date and pdfkit derives the file ID from the metadata.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: RenderInvoicePdfOptions = {},
): Promise<Uint8Array> {
  useFastStreamCompression();
  const template = getTemplate(invoice.template ?? options.template ?? DEFAULT_TEMPLATE);
  const accentColor = invoice.accentColor ?? options.accentColor ?? defaultAccent(template.name as TemplateName);
  const logo = options.logo ? await prepareLogo(options.logo.bytes) : null;
  const language = invoice.language ?? DEFAULT_DOCUMENT_LANGUAGE;
  // From here to doc.end() all font use is synchronous, so documents never interleave on the shared fonts.
  const fonts = acquireInvoiceFonts();
  const totals = computeTotals(invoice);
  const paid = options.paid && options.paid.amountPaidMinor > 0 ? options.paid : null;
  const creationDate = invoice.issuedDate ? new Date(`${invoice.issuedDate}T00:00:00Z`) : FALLBACK_CREATION_DATE;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true, // the footers need the page count
    // null: no default font, so pdfkit does not load Helvetica for every document (the types only allow a string).
    font: null as unknown as string,
    // The document's language for readers and assistive technology; English documents keep US English formats.
    lang: language === DEFAULT_DOCUMENT_LANGUAGE ? 'en-US' : language,
    // The viewer's title bar shows the Title, not the file name (DisplayDocTitle).
    displayTitle: true,
    // A tagged PDF: MarkInfo, a StructTreeRoot the templates fill (docs/decisions/0068-tagged-invoice-pdfs.md).
    tagged: true,
    pdfVersion: '1.7',
    // Factur-X is a PDF/A-3b: pdfkit adds the pdfaid XMP and the sRGB output intent.
    ...(options.facturx ? { subset: 'PDF/A-3b' as const } : {}),
    info: {
      Title: documentTitle(invoice.invoiceNumber, language),
      Author: firstLine(invoice.from),
      // What the document is about, as its header says it: "€32.41 due by 28 Nov 2026", in its language.
      Subject: amountDueSummary({
        amountDueMinor: paid ? paid.balanceDueMinor : totals.total,
        amountPaidMinor: paid ? paid.amountPaidMinor : 0,
        currency: invoice.currency,
        dueDate: invoice.dueDate,
        language,
      }),
      Producer: PDF_PRODUCER,
      Creator: PDF_PRODUCER,
      CreationDate: creationDate,
    },
  });
  escapeXmpInfo(doc);
  if (options.facturx) attachFacturX(doc, options.facturx.xml, creationDate);
  // Registered names make pdfkit cache one embedded font per weight for the whole document; the
  // fallback fonts join the same way when a line first needs them (pdf-text.ts).
  for (const weight of ['regular', 'bold'] as const) doc.registerFont(weight, fonts[weight] as unknown as Uint8Array);

  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // Han characters in the forms of the document's language (Japanese, Traditional Chinese, else simplified).
  withDocumentLanguage(language, () =>
    template.render({
      doc,
      invoice,
      totals,
      logo,
      payment: options.transfer ? { transfer: options.transfer, qr: paymentQrModules(options.transfer) } : null,
      paid,
      accentColor,
      paper: invoice.paper ?? defaultPaper(invoice.currency, language),
      language,
    }),
  );
  doc.end();
  await finished;
  return concat(chunks);
}

/** "Invoice 0042" as before in English; "Rechnung Nr. 0042", "請求書 No. 0042" in the document's language. */
function documentTitle(invoiceNumber: string, language: string): string {
  if (language === DEFAULT_DOCUMENT_LANGUAGE) return `Invoice ${invoiceNumber}`.trim();
  const labels = labelsFor(language);
  return invoiceNumber ? labels.footerInvoice(invoiceNumber) : labels.invoice;
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n/, 1)[0] ?? '';
}

/** Joins the chunks into a Uint8Array that owns its whole ArrayBuffer, so it can be transferred between threads. */
function concat(chunks: Buffer[]): Uint8Array {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

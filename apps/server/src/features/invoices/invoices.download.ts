import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { invoiceFileName } from '@invoicer/domain/invoice-number';
import { Zip, ZipPassThrough } from 'fflate';
import { Readable } from 'node:stream';
import type { DbExecutor } from '../../plugins/database';
import { resolveLogo } from '../../shared/logos/resolve-logo';
import type { InvoiceWithJsonItems } from '../../pdf/invoice-json';
import type { PdfPool, PdfRenderOptions } from '../../pdf/pdf-pool';
import { findInvoiceForPdf } from './invoices.queries';
import { storedInvoiceTransfer } from './invoices.payment-qr';
import { toPdfSource } from './invoices.stored-data';

/**
 * PDFs of stored invoices: one for the list's and detail page's download, and the bulk ZIP.
 *
 * The ZIP is a stream: PDFs are rendered in the worker pool a few at a time (at most `window`
 * ahead of the one being written) and each is written into the archive as soon as it and those
 * before it are done, so memory holds a handful of PDFs whatever the number of invoices.
 * Entries are stored, not deflated: pdfkit's content streams are already compressed.
 */

type Logo = { bytes: Uint8Array } | null;

/**
 * The logo of a stored invoice: from our store or its data URL. An invoice whose logo can no longer
 * be read (removed upload, undecodable data) is rendered without it rather than not at all.
 */
export async function storedInvoiceLogo(db: DbExecutor, logo: InvoiceDocument['logo']): Promise<Logo> {
  try {
    return await resolveLogo(db, logo);
  } catch {
    return null;
  }
}

/**
 * The PDF of a stored invoice (read with findInvoiceForPdf, its items parsed on a PDF thread);
 * `context` names whose work it is for the engine's fair queue.
 */
export function renderStoredInvoice(
  db: DbExecutor,
  pdf: PdfPool,
  invoice: InvoiceWithJsonItems,
  context: Pick<PdfRenderOptions, 'client' | 'signal' | 'facturx' | 'paid'> = {},
): Promise<Uint8Array> {
  return storedInvoiceLogo(db, invoice.document.logo).then((logo) =>
    pdf.render(invoice, {
      logo,
      transfer: invoice.transfer,
      paid: invoice.paid,
      template: invoice.accountTemplate,
      accentColor: invoice.accountAccentColor,
      ...context,
    }),
  );
}

/**
 * The PDF of the user's saved invoice as its download names it (GET /api/invoices/{id}/pdf): what an e-mail
 * attaches when it is delivered (plugins/mailer.ts, given this by app.ts). Read through `db`, the delivery job's
 * transaction; null when the invoice is no longer the user's.
 */
export async function renderSavedInvoicePdf(
  db: DbExecutor,
  pdf: PdfPool,
  userId: string,
  invoiceId: string,
  context: Pick<PdfRenderOptions, 'client' | 'signal'> = {},
): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  const row = await findInvoiceForPdf(db, userId, invoiceId);
  if (!row) return null;
  const source = toPdfSource(row, await storedInvoiceTransfer(db, row));
  const bytes = await renderStoredInvoice(db, pdf, source, context);
  return { fileName: invoiceFileName(source.document.invoiceNumber, source.document.issuedDate), bytes };
}

/**
 * File names for the archive: `{number}_{date}.pdf` (invoiceFileName); a name met before gets
 * `_2`, `_3`... before `.pdf` (compared case-insensitively, as on Windows and macOS).
 */
export function uniqueFileNames(documents: ReadonlyArray<Pick<InvoiceDocument, 'invoiceNumber' | 'issuedDate'>>) {
  return documents.map(uniqueFileNamer());
}

/** uniqueFileNames one document at a time, for archives written page by page (the account export). */
export function uniqueFileNamer(): (document: Pick<InvoiceDocument, 'invoiceNumber' | 'issuedDate'>) => string {
  const used = new Set<string>();
  return (document) => {
    const base = invoiceFileName(document.invoiceNumber, document.issuedDate);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = base.replace(/\.pdf$/, `_${n}.pdf`);
    used.add(name.toLowerCase());
    return name;
  };
}

export interface ZipEntry {
  name: string;
  /** Modification time written into the archive. */
  mtime: Date;
  render: () => Promise<Uint8Array>;
}

/**
 * A ZIP of the entries, in their order, as a byte stream. At most `window` renders run at once;
 * the stream pulls the next entry only when the reader has taken the previous ones (backpressure).
 * A failed render ends the stream with that error.
 */
export function zipStream(entries: readonly ZipEntry[], window: number): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    const inFlight: Array<Promise<Uint8Array>> = [];
    let started = 0;
    const startNext = () => {
      const entry = entries[started++];
      if (!entry) return;
      const rendering = entry.render();
      rendering.catch(() => undefined); // awaited below; never unhandled if the reader goes away first
      inFlight.push(rendering);
    };
    for (let i = 0; i < Math.max(1, window); i++) startNext();

    for (const entry of entries) {
      const bytes = await inFlight.shift()!;
      startNext();
      const file = new ZipPassThrough(entry.name);
      file.mtime = entry.mtime;
      zip.add(file);
      file.push(bytes, true);
      if (failure) throw failure;
      while (out.length > 0) yield out.shift()!;
    }
    zip.end();
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  }
  return Readable.from(chunks(), { objectMode: false });
}

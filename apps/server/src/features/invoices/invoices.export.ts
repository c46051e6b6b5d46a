import type { Invoice } from '@invoicer/domain/api/invoices';
import type { DbExecutor } from '../../plugins/database';
import type { PdfPool } from '../../pdf/pdf-pool';
import { toInvoice } from './invoices.contract';
import { storedInvoiceLogo, uniqueFileNamer } from './invoices.download';
import { storedInvoiceTransfer } from './invoices.payment-qr';
import { findInvoicePage, findInvoicePageForPdf } from './invoices.queries';
import { toPdfSource } from './invoices.stored-data';

/**
 * The invoices' part of "Export my data" (features/account-export, handed these by app.ts): the account's invoices in
 * keyset pages (id order), as GET /api/invoices/{id} answers them, and their PDFs as the bulk download renders and
 * names them. No second description of an invoice exists: the export writes what these answer.
 */

/** A page of the user's invoices after `afterId` (null: from the first), as GET /api/invoices/{id} answers each. */
export async function exportInvoicePage(
  db: DbExecutor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<Invoice[]> {
  return (await findInvoicePage(db, userId, afterId, limit)).map((row) => toInvoice(row));
}

/** One invoice's PDF to come: its file name in the archive, the time to date it with, and how to render it. */
export interface ExportedPdf {
  id: string;
  fileName: string;
  mtime: Date;
  render: () => Promise<Uint8Array>;
}

/**
 * The PDFs of the user's invoices, a page at a time, named as the bulk download names them (`{number}_{date}.pdf`,
 * a repeated name gets `_2`…) across all pages. The page's reads (rows, logos, payment QR codes) happen while it is
 * read, one statement at a time, so `db` (a job's transaction: one connection) is never asked two things at once; a
 * render then only uses the PDF engine. `client` names the work for the engine's fair queue.
 */
export function exportPdfPages(db: DbExecutor, pdf: PdfPool, userId: string, client: string) {
  const nameOf = uniqueFileNamer();
  return async (afterId: string | null, limit: number): Promise<ExportedPdf[]> => {
    const rows = await findInvoicePageForPdf(db, userId, afterId, limit);
    const page: ExportedPdf[] = [];
    for (const row of rows) {
      const source = toPdfSource(row, await storedInvoiceTransfer(db, row));
      const logo = await storedInvoiceLogo(db, source.document.logo);
      page.push({
        id: row.id,
        fileName: nameOf({ invoiceNumber: row.invoiceNumber, issuedDate: row.issuedDate }),
        mtime: row.updatedAt,
        // As the invoice's own download renders it (renderStoredInvoice): the account's template and colour included.
        render: () =>
          pdf.render(source, {
            logo,
            transfer: source.transfer,
            paid: source.paid,
            template: source.accountTemplate,
            accentColor: source.accountAccentColor,
            client,
          }),
      });
    }
    return page;
  };
}

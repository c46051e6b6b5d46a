import { epcCreditTransfer, epcQrPayload, type EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import { paymentQrSvg } from '../../pdf/payment-qr';
import type { Database } from '../../plugins/database';
import { findInvoicePayee } from './invoices.parties.queries';
import type { InvoiceRow } from './invoices.queries';

/**
 * The SEPA payment QR code of a stored invoice (docs/decisions/0047-sepa-payment-qr.md). The PDF
 * (invoices.download.ts) and the public invoice page take it from here, so both show the same code.
 */

/**
 * What a stored invoice still asks to be paid, for its payment QR code: the total, or nothing once it is
 * paid. Payments will make this the balance due (total less what was paid).
 */
function amountDueMinor(row: Pick<InvoiceRow, 'status' | 'totalMinor'>): number {
  return row.status === 'paid' ? 0 : row.totalMinor;
}

/**
 * The SEPA credit transfer a stored invoice asks for, printed as its EPC QR code: a EUR invoice from a
 * business with an IBAN in SEPA, for the amount due, the invoice number as the remittance; null otherwise.
 */
export async function storedInvoiceTransfer(db: Database, row: InvoiceRow): Promise<EpcCreditTransfer | null> {
  if (row.currency !== 'EUR' || row.businessId === null) return null;
  return epcCreditTransfer({
    payee: await findInvoicePayee(db, row.id),
    currency: row.currency,
    amountDueMinor: amountDueMinor(row),
    invoiceNumber: row.invoiceNumber,
  });
}

/**
 * The code for a web page: the EPC payload and the same modules as the PDF as an SVG; null when the
 * invoice carries none.
 */
export async function storedInvoicePaymentQr(
  db: Database,
  row: InvoiceRow,
): Promise<{ transfer: EpcCreditTransfer; payload: string; svg: string } | null> {
  const transfer = await storedInvoiceTransfer(db, row);
  return transfer && { transfer, payload: epcQrPayload(transfer), svg: paymentQrSvg(transfer) };
}

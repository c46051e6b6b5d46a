import { amountDueMinor } from '@invoicer/domain/amount-due';
import { epcCreditTransfer, epcQrPayload, type EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import { paymentQrSvg } from '../../pdf/payment-qr';
import type { DbExecutor } from '../../plugins/database';
import { findInvoicePayee } from './invoices.parties.queries';
import type { InvoiceRow } from './invoices.queries';

/**
 * The SEPA payment QR code of a stored invoice (docs/decisions/0047-sepa-payment-qr.md). The PDF (its
 * source read in invoices.service.ts and invoices.links.ts) and the public invoice page take it from here,
 * so both show the same code.
 */

/**
 * The SEPA credit transfer a stored invoice asks for, printed as its EPC QR code: a EUR invoice from a
 * business with an IBAN in SEPA, for the balance due (the domain's amountDueMinor: the total less the payments; no
 * code once nothing is due, docs/decisions/0048-payments-and-the-balance.md), the invoice number as
 * the remittance; null otherwise.
 */
export async function storedInvoiceTransfer(
  db: DbExecutor,
  row: Pick<
    InvoiceRow,
    'id' | 'status' | 'businessId' | 'totalMinor' | 'amountPaidMinor' | 'currency' | 'invoiceNumber'
  >,
): Promise<EpcCreditTransfer | null> {
  if (row.currency !== 'EUR' || row.businessId === null) return null;
  return epcCreditTransfer({
    payee: await findInvoicePayee(db, row.id),
    currency: row.currency,
    amountDueMinor: amountDueMinor({
      ...row,
      totalMinor: Number(row.totalMinor),
      amountPaidMinor: Number(row.amountPaidMinor),
    }),
    invoiceNumber: row.invoiceNumber,
  });
}

export interface StoredPaymentQr {
  transfer: EpcCreditTransfer;
  payload: string;
  svg: string;
}

/**
 * The code for a web page: the EPC payload and the same modules as the PDF as an SVG; null when the
 * invoice carries none.
 */
export async function storedInvoicePaymentQr(
  db: DbExecutor,
  row: Parameters<typeof storedInvoiceTransfer>[1],
): Promise<StoredPaymentQr | null> {
  const transfer = await storedInvoiceTransfer(db, row);
  return transfer && { transfer, payload: epcQrPayload(transfer), svg: paymentQrSvg(transfer) };
}

import type { EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import type { PaperSize } from '@invoicer/domain/invoice-templates';
import type { Totals } from '@invoicer/domain/totals';
import type { Doc } from '../pdf-layout';
import type { QrModules } from '../payment-qr';

/** What a template gets: a fresh document with the fonts registered as 'regular' and 'bold', and no page yet. */
export interface TemplateInput {
  doc: Doc;
  invoice: InvoiceDocument;
  /** From computeTotals; templates format these, they never compute money. */
  totals: Totals;
  /** An RGB PNG made by prepareLogo (valid, at most 540 x 192 px), or null. */
  logo: Buffer | null;
  /** The SEPA transfer the invoice asks for and its EPC QR code, or null when it carries none. */
  payment: { transfer: EpcCreditTransfer; qr: QrModules } | null;
  /** What was paid and what is still due, printed under Total once a payment exists; null before. */
  paid: PaidAmounts | null;
  /** The accent colour, `#rrggbb`, as chosen: the template makes it legible where it colours text (textAccent). */
  accentColor: string;
  /** The paper every page has. */
  paper: PaperSize;
  /** The language tag it prints in: its labels and formats (docs/decisions/0061-the-document-language.md). */
  language: string;
}

/**
 * A stored invoice's payments as the PDF prints them under Total (docs/product/payments.md#on-the-pdf-and-the-public-page):
 * both from the database (invoices.amount_paid_minor and amount_due_minor), so the PDF and the pages agree.
 */
export interface PaidAmounts {
  amountPaidMinor: number;
  balanceDueMinor: number;
}

export interface InvoiceTemplate {
  readonly name: string;
  /** Adds every page, including the "Page X of Y" footers (the document buffers its pages). */
  render(input: TemplateInput): void;
}

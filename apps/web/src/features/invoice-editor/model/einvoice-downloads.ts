import { EINVOICE_FORMATS } from '@invoicer/domain/einvoice/einvoice-formats';

/**
 * The e-invoice formats the action panel offers: the server's list (EINVOICE_FORMATS), each with a plain name, so a
 * format the server gains appears by itself. A format without a name here shows its code.
 */
const LABELS: Readonly<Record<string, string>> = {
  facturx: 'Factur-X / ZUGFeRD (PDF)',
  'xrechnung-ubl': 'XRechnung (UBL)',
  'xrechnung-cii': 'XRechnung (CII)',
  ubl: 'Peppol BIS Billing 3.0 (UBL)',
  cii: 'EN 16931 (CII)',
};

export interface EInvoiceDownload {
  format: string;
  label: string;
}

export const EINVOICE_DOWNLOADS: readonly EInvoiceDownload[] = (EINVOICE_FORMATS as readonly string[]).map(
  (format) => ({ format, label: LABELS[format] ?? format.toUpperCase() }),
);

/** The file's name when the answer names none: the invoice number, as the server names it. */
export function einvoiceFallbackName(invoiceNumber: string, format: string): string {
  const safe = invoiceNumber.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '');
  return `${safe || 'invoice'}.${format === 'facturx' ? 'pdf' : 'xml'}`;
}

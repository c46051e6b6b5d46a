/**
 * The e-invoice outputs of POST /generate-invoice?format=… and GET /api/invoices/{id}/einvoice?format=…
 * (docs/decisions/0070-e-invoice-fields-and-outputs.md). Factur-X is our PDF as PDF/A-3b with the CII XML attached
 * (docs/decisions/0071-factur-x-with-pdfkit.md); the others are XML.
 */
export const EINVOICE_FORMATS = ['facturx', 'ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii'] as const;
export type EInvoiceFormat = (typeof EINVOICE_FORMATS)[number];

export const EINVOICE_FORMAT_MESSAGE = 'Format must be one of facturx, ubl, cii, xrechnung-ubl or xrechnung-cii.';

/** Factur-X / ZUGFeRD: a PDF whose attached XML is CII (EN 16931 profile). */
export const isPdfFormat = (format: EInvoiceFormat) => format === 'facturx';

export const isXRechnung = (format: EInvoiceFormat) => format.startsWith('xrechnung-');
export const isUbl = (format: EInvoiceFormat) => format.endsWith('ubl');

/** One thing that keeps a document from being a valid e-invoice: the contract's field, plain words, the rule. */
export interface EInvoiceProblem {
  /** A path of the document contract (`buyer.country`, `items.0.vat_category`), or null when no field is to blame. */
  field: string | null;
  message: string;
  /** The official rule's id (BR-11, BR-DE-15), or the product's own check (ADR-69). */
  rule: string;
}

/** The 422 answer's `error`. */
export const EINVOICE_INVALID_MESSAGE =
  'This invoice cannot be made into a valid e-invoice yet: fill in what is missing.';

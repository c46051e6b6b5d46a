/** Width of a generated invoice number ('0001'); longer numbers are kept whole. */
export const INVOICE_NUMBER_DIGITS = 4;

/**
 * The numeric part of an invoice number: its last run of ASCII digits ('INV-0042-A' → '0042'), in
 * group 1. Written so that JavaScript and PostgreSQL (`substring(... from pattern)`) read it the same
 * way: the server finds the highest numeric part in SQL with this very pattern.
 */
export const INVOICE_NUMBER_VALUE_PATTERN = '([0-9]+)[^0-9]*$';
const VALUE = new RegExp(INVOICE_NUMBER_VALUE_PATTERN);

/** The last run of digits of an invoice number ('INV-0042' → 42n), or null when it has none. */
export function invoiceNumberValue(invoiceNumber: string): bigint | null {
  const digits = VALUE.exec(invoiceNumber)?.[1];
  return digits === undefined ? null : BigInt(digits);
}

/**
 * The next invoice number (docs/decisions/0031-invoice-numbers.md): highest numeric part among the user's numbers
 * plus 1, padded to 4 digits; FIRST_INVOICE_NUMBER when there is none. BigInt so long numbers
 * stay exact. `existing` may be the numbers themselves or only their numeric parts.
 */
export function nextInvoiceNumber(existing: readonly string[]): string {
  let highest = 0n;
  for (const number of existing) {
    const value = invoiceNumberValue(number);
    if (value !== null && value > highest) highest = value;
  }
  return (highest + 1n).toString().padStart(INVOICE_NUMBER_DIGITS, '0');
}

/** The number of a user's first invoice ('0001'), what the editor shows before the server answers. */
export const FIRST_INVOICE_NUMBER = nextInvoiceNumber([]);

const MAX_STEM = 100;

/**
 * Name of one PDF in the bulk-download ZIP (docs/product/invoices.md#file-names): the invoice number with every
 * non-alphanumeric character replaced by '_', lower-cased, then the date: `inv_0042_2026-11-21.pdf`.
 */
export function invoiceFileName(invoiceNumber: string, issuedDate: string | null): string {
  const number =
    invoiceNumber
      .replace(/[^A-Za-z0-9]/g, '_')
      .toLowerCase()
      .slice(0, MAX_STEM) || 'invoice';
  const date = (issuedDate ?? '').replace(/[^0-9-]/g, '').slice(0, 10);
  return date ? `${number}_${date}.pdf` : `${number}.pdf`;
}

// Characters that break a file name on some system or a header: controls, format characters
// (bidi overrides can disguise an extension), lone surrogates, path separators, quotes,
// wildcards, ';' and '%'.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}/\\:*?"<>|;%]/gu;

/**
 * The editor's download name (docs/product/invoices.md#file-names): `invoice-{first line of To, spaces as underscores}.pdf`,
 * with unsafe characters removed and the length capped; `invoice.pdf` when nothing is left.
 */
export function pdfDownloadName(to: string): string {
  const firstLine = to.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const cleaned = firstLine.replace(UNSAFE, '').trim().replace(/\s+/gu, '_');
  const stem = [...cleaned].slice(0, MAX_STEM).join('');
  return stem ? `invoice-${stem}.pdf` : 'invoice.pdf';
}

/**
 * A Content-Disposition value for a file name: an ASCII `filename` fallback for old clients
 * and the exact UTF-8 name in `filename*` (RFC 6266 / RFC 8187).
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const safe = fileName.replace(UNSAFE, '');
  // NFKD first: it maps 'ë' to 'e' but also fullwidth '＂' to '"', so clean again after it.
  const ascii =
    safe
      .normalize('NFKD')
      .replace(UNSAFE, '')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/\s+/g, '_') || 'invoice.pdf';
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

import { EInvoiceInputError } from './einvoice-rules-engine';

/**
 * Larger than any e-invoice we make or expect (a 200-line invoice is about 200 kB); room is left for
 * attached documents, which XRechnung and Peppol carry inside the XML as base64.
 */
export const MAX_EINVOICE_BYTES = 20 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The checks that come before any parsing: size, UTF-8, and no document type declaration. E-invoices
 * never need a DTD, and refusing it outright closes external entities (file reads, fetches) and
 * entity expansion (billion laughs) whatever the parser would do with them.
 */
export function checkXmlInput(input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (bytes > MAX_EINVOICE_BYTES) {
    throw new EInvoiceInputError(`The file is larger than ${MAX_EINVOICE_BYTES / 1024 / 1024} MB.`);
  }
  let xml: string;
  if (typeof input === 'string') {
    xml = input;
  } else {
    try {
      xml = utf8.decode(input);
    } catch {
      throw new EInvoiceInputError('The file is not UTF-8 encoded XML.');
    }
  }
  if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new EInvoiceInputError(
      'The XML has a document type declaration (DTD); e-invoices have none, so it is refused.',
    );
  }
  if (!xml.trimStart().startsWith('<')) throw new EInvoiceInputError('The file is not XML.');
  return xml;
}

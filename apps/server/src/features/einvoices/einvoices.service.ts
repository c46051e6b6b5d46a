import { EINVOICE_READ_MESSAGES, type ReadEInvoiceResponse } from '@invoicer/domain/api/einvoices';
import { badRequest } from '../../plugins/errors';
import { isPdf } from './einvoice-pdf';
import { EInvoiceInputError } from './einvoice-rules-engine';
import { readEInvoice, readEInvoicePdf } from './einvoice-validation';

/**
 * Reads a received e-invoice upload: the XML itself, or the XML attached to a Factur-X / ZUGFeRD PDF. The XML
 * goes through the same hostile-input checks and the same thread as validateEInvoice (einvoice-validation.ts);
 * everything it cannot read is a 400 with a clear message, never a 5xx.
 */
export async function readReceivedEInvoice(bytes: Uint8Array): Promise<ReadEInvoiceResponse> {
  try {
    let read: Awaited<ReturnType<typeof readEInvoicePdf>>;
    let source: ReadEInvoiceResponse['source'];
    if (isPdf(bytes)) {
      read = await readEInvoicePdf(bytes);
      source = read.attachment ? { kind: 'pdf', attachment: read.attachment } : { kind: 'pdf' };
    } else if (startsLikeXml(bytes)) {
      read = await readEInvoice(bytes);
      source = { kind: 'xml' };
    } else {
      throw new EInvoiceInputError(EINVOICE_READ_MESSAGES.notXmlOrPdf);
    }
    const { invoice, result } = read;
    return {
      success: true,
      source,
      invoice,
      validation: {
        valid: result.failures.length === 0,
        failures: result.failures.map(({ id, text }) => ({ id, text })),
      },
    };
  } catch (error) {
    if (error instanceof EInvoiceInputError) throw badRequest(error.message);
    throw error;
  }
}

/** XML after an optional byte order mark and white space; anything else is neither XML nor PDF. */
function startsLikeXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    i < bytes.length &&
    i < 4096 &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  return bytes[i] === 0x3c; // "<"
}

import { EINVOICE_READ_MESSAGES, type ReadEInvoiceResponse } from '@invoicer/domain/api/einvoices';
import { badRequest } from '../../plugins/errors';
import { isPdf } from './einvoice-pdf';
import { isUbl, isXRechnung, type EInvoiceFormat } from '@invoicer/domain/einvoice/einvoice-formats';
import { toEInvoice } from '@invoicer/domain/einvoice/einvoice-from-document';
import { ruleProblems } from '@invoicer/domain/einvoice/einvoice-rule-messages';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { EInvoiceRejected } from '../../shared/einvoice-output';
import { writeCii } from './cii-writer';
import { EInvoiceInputError, type RuleSet } from './einvoice-rules-engine';
import { readEInvoice, readEInvoicePdf, validateEInvoice } from './einvoice-validation';
import { XRECHNUNG_CUSTOMIZATION } from './einvoice-values';
import { writeUbl } from './ubl-writer';

/** The rules each format must pass: EN 16931 in its syntax, and the German CIUS on top for XRechnung. */
export function ruleSetsOf(format: EInvoiceFormat): RuleSet[] {
  const syntax = isUbl(format) ? 'ubl' : 'cii';
  return isXRechnung(format) ? [`en16931-${syntax}`, `xrechnung-${syntax}`] : [`en16931-${syntax}`];
}

/**
 * A document as an e-invoice: the one mapping (toEInvoice), the writer of the format, then the official rules
 * before anything is answered (docs/decisions/0070-e-invoice-fields-and-outputs.md). Nothing invalid is handed
 * out: a fatal failure throws EInvoiceRejected with plain words on the contract's fields.
 */
export async function makeEInvoice(document: InvoiceDocument, format: EInvoiceFormat): Promise<string> {
  const mapped = toEInvoice(document);
  if (!mapped.ok) throw new EInvoiceRejected(mapped.problems);
  const options = isXRechnung(format) ? { customization: XRECHNUNG_CUSTOMIZATION } : {};
  const xml = isUbl(format) ? writeUbl(mapped.invoice, options) : writeCii(mapped.invoice, options);
  const result = await validateEInvoice(xml, ruleSetsOf(format));
  if (result.failures.length > 0) throw new EInvoiceRejected(ruleProblems(result.failures));
  return xml;
}

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

import { EINVOICE_READ_MESSAGES } from '@invoicer/domain/api/einvoices';
import { Unzlib } from 'fflate';
import { MAX_EINVOICE_BYTES } from './einvoice-xml-input';
import { EInvoiceInputError } from './einvoice-rules-engine';

/**
 * Finds the e-invoice XML attached to a Factur-X / ZUGFeRD (or XRechnung-in-PDF) document without a PDF
 * library: embedded files are always stream objects, and the PDF format forbids streams inside object streams,
 * so every attachment's bytes stand at the top level of the file as `N 0 obj << … /Type /EmbeddedFile … >>
 * stream … endstream`. We scan for those, inflate each with a hard bound on its output (a compressed-stream
 * bomb stops at MAX_EINVOICE_BYTES instead of filling memory), and keep the first whose root is a CII invoice
 * or a UBL invoice or credit note. pdf.js would inflate a stream whole before we could look at its size. Runs on the
 * rules' worker thread (einvoice-validation-worker.ts), off the event loop.
 * Nothing is fetched or opened: the PDF's bytes are all there is.
 */

/** Streams we look into at most: a Factur-X PDF has one attachment, sometimes a few. */
const MAX_CANDIDATES = 32;
/**
 * `stream` keywords examined at most, and characters searched back from each for its dictionary: together they
 * bound the scan (the event loop's time) whatever the file holds. An invoice PDF has tens of streams; an attachment's
 * dictionary (type, subtype, length, filter, dates, checksum) is a few hundred characters.
 */
const MAX_STREAM_MARKERS = 5_000;
const DICTIONARY_CHARS = 2_048;
/** Bytes inflated over all candidates together. */
const MAX_TOTAL_INFLATED = 2 * MAX_EINVOICE_BYTES;
/** Compressed input is fed in small pieces, so one push can never inflate to more than ~1,000 times this. */
const FEED_BYTES = 16 * 1024;

/** The names the Factur-X, ZUGFeRD and XRechnung conventions give the attached XML, most specific first. */
export const EINVOICE_ATTACHMENT_NAMES = [
  'factur-x.xml',
  'zugferd-invoice.xml',
  'xrechnung.xml',
  'ZUGFeRD-invoice.xml',
];

export function isPdf(bytes: Uint8Array): boolean {
  // The header may follow up to 1 KB of junk (the PDF reference's implementation note); the marker is what counts.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** Thrown for a stream that would inflate past its bound. */
class InflateBoundError extends Error {}

function inflateBounded(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failed: unknown = null;
  const inflate = new Unzlib((chunk) => {
    size += chunk.byteLength;
    if (size > limit) throw new InflateBoundError();
    chunks.push(chunk);
  });
  try {
    for (let offset = 0; offset < data.byteLength; offset += FEED_BYTES) {
      const end = Math.min(offset + FEED_BYTES, data.byteLength);
      inflate.push(data.subarray(offset, end), end === data.byteLength);
    }
  } catch (error) {
    failed = error;
  }
  if (failed instanceof InflateBoundError) throw failed;
  // A truncated or corrupt stream still gives what inflated before the damage; the XML check decides.
  return Buffer.concat(chunks);
}

interface StreamObject {
  dictionary: string;
  data: Uint8Array;
}

/** The dictionary that ends just before `stream` at `streamAt`: found by matching << >> backwards. */
function dictionaryBefore(text: string, streamAt: number): string | null {
  const end = text.lastIndexOf('>>', streamAt);
  if (end < 0 || text.slice(end + 2, streamAt).trim() !== '') return null;
  let depth = 0;
  // Bounded: stream dictionaries are short, and a hostile file must not make this quadratic.
  const floor = Math.max(0, end - DICTIONARY_CHARS);
  for (let i = end; i >= floor; i--) {
    if (text.startsWith('>>', i)) {
      depth++;
      i--;
    } else if (text.startsWith('<<', i)) {
      depth--;
      if (depth === 0) return text.slice(i, end + 2);
      i--;
    }
  }
  return null;
}

function* streamObjects(bytes: Uint8Array, text: string): Generator<StreamObject> {
  const marker = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  let markers = 0;
  while ((match = marker.exec(text)) !== null && ++markers <= MAX_STREAM_MARKERS) {
    if (match.index > 0 && /[a-z]/i.test(text[match.index - 1]!)) continue; // "endstream"
    const dictionary = dictionaryBefore(text, match.index);
    if (!dictionary) continue;
    const start = match.index + match[0].length;
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let end = declared ? start + Number(declared[1]) : -1;
    if (end < start || end > bytes.byteLength || !/^\s*endstream/.test(text.slice(end, end + 32))) {
      end = text.indexOf('endstream', start);
      if (end < 0) return;
    }
    marker.lastIndex = end;
    yield { dictionary, data: bytes.subarray(start, end) };
  }
}

function isAttachment(dictionary: string): boolean {
  return /\/Type\s*\/EmbeddedFile\b/.test(dictionary) || /\/Subtype\s*\/(text|application)#2Fxml\b/i.test(dictionary);
}

function looksLikeEInvoice(xml: Uint8Array): boolean {
  const head = Buffer.from(xml.buffer, xml.byteOffset, Math.min(xml.byteLength, 8192)).toString('utf8');
  return /<([A-Za-z_][\w.-]*:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>/]/.test(head);
}

export interface PdfAttachment {
  xml: Uint8Array;
  /** A conventional name found in the PDF, when one is. */
  name?: string;
}

/**
 * The e-invoice XML inside a PDF. Throws EInvoiceInputError when there is none, when an attachment would inflate
 * past the size limit, or when it uses a filter other than Flate (none of the Factur-X producers do).
 */
export function extractEInvoiceFromPdf(bytes: Uint8Array): PdfAttachment {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let candidates = 0;
  let inflated = 0;
  for (const stream of streamObjects(bytes, text)) {
    if (!isAttachment(stream.dictionary)) continue;
    if (++candidates > MAX_CANDIDATES) break;
    let xml: Uint8Array;
    const filter = /\/Filter\s*(\[\s*)?\/(\w+)/.exec(stream.dictionary)?.[2];
    if (filter === undefined) {
      xml = stream.data;
    } else if (filter === 'FlateDecode' && !/\/Filter\s*\[\s*\/\w+\s*\/\w+/.test(stream.dictionary)) {
      try {
        xml = inflateBounded(stream.data, Math.min(MAX_EINVOICE_BYTES, MAX_TOTAL_INFLATED - inflated));
      } catch (error) {
        if (error instanceof InflateBoundError) {
          throw new EInvoiceInputError(
            `The PDF's attachment inflates to more than ${MAX_EINVOICE_BYTES / 1024 / 1024} MB; it is refused.`,
          );
        }
        throw error;
      }
    } else {
      continue;
    }
    inflated += xml.byteLength;
    if (looksLikeEInvoice(xml)) {
      const name = EINVOICE_ATTACHMENT_NAMES.find((each) => text.includes(`(${each})`));
      return name ? { xml, name } : { xml };
    }
  }
  throw new EInvoiceInputError(EINVOICE_READ_MESSAGES.noEInvoiceInPdf);
}

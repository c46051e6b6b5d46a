/**
 * The text of an uploaded file, whatever a spreadsheet or another tool saved it as
 * (docs/decisions/0054-importing-clients-and-invoices.md#encodings): a byte order mark says UTF-8, UTF-16 LE or
 * UTF-16 BE; without one, bytes that are valid UTF-8 are UTF-8, NUL bytes in every other position are UTF-16 (a
 * spreadsheet that dropped its mark), and anything else is Windows-1252, the encoding Excel on Windows writes "CSV"
 * in. Latin-1 files read the same way (1252 is a superset of its printable characters).
 */

export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** Where a binary file's tell-tale NUL byte is looked for: the first 64 KB are enough to know. */
const SNIFF_BYTES = 64 * 1024;

/** UTF-16 without a mark: in text that is mostly ASCII, every other byte is NUL, on the same side. */
function utf16WithoutMark(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  const length = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (length < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenNul++;
    if (bytes[index + 1] === 0) oddNul++;
  }
  const pairs = length / 2;
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'UTF-16LE';
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'UTF-16BE';
  return null;
}

function decode(bytes: Uint8Array, label: string, fatal = false): string {
  return new TextDecoder(label, { fatal, ignoreBOM: false }).decode(bytes);
}

/**
 * Decodes the file. Answers null when it is not text: a NUL character survived decoding (a spreadsheet in its own
 * binary format, an image, an archive), or UTF-16 that does not decode.
 */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  let decoded: DecodedText;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    decoded = { text: decode(bytes, 'utf-8'), encoding: 'UTF-8' };
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    decoded = { text: decode(bytes, 'utf-16le'), encoding: 'UTF-16LE' };
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    decoded = { text: decode(bytes, 'utf-16be'), encoding: 'UTF-16BE' };
  } else {
    const utf16 = utf16WithoutMark(bytes);
    if (utf16) {
      decoded = { text: decode(bytes, utf16.toLowerCase()), encoding: utf16 };
    } else {
      try {
        decoded = { text: decode(bytes, 'utf-8', true), encoding: 'UTF-8' };
      } catch {
        decoded = { text: decode(bytes, 'windows-1252'), encoding: 'Windows-1252' };
      }
    }
  }
  // U+0000 is no character of any text file, and no field may hold it; U+FFFD from UTF-16 means bytes that were not.
  const head = decoded.text.slice(0, SNIFF_BYTES);
  if (head.includes('\u0000')) return null;
  if (decoded.encoding.startsWith('UTF-16') && head.includes('\uFFFD')) return null;
  return decoded;
}

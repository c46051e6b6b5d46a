import { inflateSync } from 'node:zlib';

/**
 * The files attached to a PDF, by the names their file specifications give them, read from the bytes alone: every
 * indirect object is read in turn (a stream's data skipped by its /Length, so its bytes are never taken for
 * objects), the /EmbeddedFile streams are inflated (Flate, as every Factur-X producer writes them) and the
 * /Filespec dictionaries name them. Enough for the PDFs our server writes (pdfkit: no object streams, direct lengths);
 * the server's own reader is the thorough one.
 */
export function pdfAttachments(pdf: Buffer): Map<string, string> {
  const text = pdf.toString('latin1');
  const streams = new Map<string, Buffer>();
  const specs: Array<{ name: string; ref: string }> = [];
  const objectStart = /(\d+)\s+(\d+)\s+obj\b/g;
  for (let match = objectStart.exec(text); match; match = objectStart.exec(text)) {
    const ref = `${match[1]} ${match[2]}`;
    const end = text.indexOf('endobj', objectStart.lastIndex);
    const streamAt = /\bstream\r?\n/.exec(text.slice(objectStart.lastIndex, end === -1 ? undefined : end));
    const dictionary = text.slice(objectStart.lastIndex, streamAt ? objectStart.lastIndex + streamAt.index : end);
    if (streamAt) {
      const dataStart = objectStart.lastIndex + streamAt.index + streamAt[0].length;
      const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
      const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
      if (/\/Type\s*\/EmbeddedFile\b/.test(dictionary)) {
        const data = pdf.subarray(dataStart, dataEnd);
        streams.set(ref, /\/Filter\s*\/FlateDecode\b/.test(dictionary) ? inflateSync(data) : data);
      }
      objectStart.lastIndex = text.indexOf('endobj', dataEnd);
      continue;
    }
    if (/\/Type\s*\/Filespec\b/.test(dictionary)) {
      const name = /\/F\s*(\((?:[^\\)]|\\.)*\)|<[0-9A-Fa-f\s]*>)/.exec(dictionary);
      const file = /\/EF\s*<<[^>]*?\/F\s+(\d+\s+\d+)\s+R/.exec(dictionary);
      if (name && file) specs.push({ name: pdfString(name[1]!), ref: file[1]!.replace(/\s+/g, ' ') });
    }
  }
  const files = new Map<string, string>();
  for (const { name, ref } of specs) {
    const data = streams.get(ref);
    if (data) files.set(name, data.toString('utf8'));
  }
  return files;
}

/** A PDF string as written: `(literal)` with its escapes, or `<hex>` (UTF-16 with its byte order mark, or bytes). */
function pdfString(written: string): string {
  if (written.startsWith('(')) {
    return written.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) => {
      const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      return named[escaped] ?? (/^[0-7]/.test(escaped) ? String.fromCharCode(parseInt(escaped, 8)) : escaped);
    });
  }
  const bytes = Buffer.from(written.slice(1, -1).replace(/\s+/g, ''), 'hex');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

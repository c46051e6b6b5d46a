import createQpdf, { type QpdfInstance } from '@neslinesli93/qpdf-wasm';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Our own PDF/A-3 structure check (veraPDF is Java, not available offline here): qpdf (WebAssembly) reads every
 * object of the file into its JSON form, and these checks look at what ISO 19005-3 requires of a PDF/A-3b and what
 * Factur-X adds. Not a full conformance check (no content stream, colour space or glyph width checks): the items
 * are listed in docs/decisions/0071-factur-x-with-pdfkit.md. Test code only.
 */

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
interface JsonObject {
  value?: Value;
  stream?: { dict: Record<string, Value>; data?: string };
}

export interface PdfaAttachment {
  name: string;
  relationship: string | null;
  subtype: string | null;
  data: Buffer;
}

export interface PdfaStructure {
  /** Every requirement the file breaks, in words; empty for a clean file. */
  problems: string[];
  /** The catalog's XMP packet. */
  xmp: string;
  /** The catalog's /AF file specifications. */
  attachments: PdfaAttachment[];
  /** The names of the catalog's /Names /EmbeddedFiles tree. */
  embeddedFileNames: string[];
}

let qpdf: Promise<QpdfInstance> | null = null;
let printed: string[] = [];

function instance(): Promise<QpdfInstance> {
  const wasm = join(dirname(createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm')), 'qpdf.wasm');
  // qpdf prints through console.log (and warn, error), which it binds when it starts: these collect instead.
  qpdf ??= (async () => {
    const saved = { log: console.log, warn: console.warn, error: console.error };
    const collect = (...args: unknown[]) => void printed.push(args.join(' '));
    Object.assign(console, { log: collect, warn: collect, error: collect });
    try {
      return await createQpdf({ locateFile: () => wasm });
    } finally {
      Object.assign(console, saved);
    }
  })();
  return qpdf;
}

/** qpdf --check: its exit code (0 clean, 2 errors, 3 warnings) and what it printed. */
export async function qpdfCheck(pdf: Uint8Array): Promise<{ code: number; output: string }> {
  const q = await instance();
  printed = [];
  const exitCode = process.exitCode;
  (q.FS as unknown as { writeFile(path: string, data: Uint8Array): void }).writeFile('/check.pdf', pdf);
  const code = q.callMain(['--check', '/check.pdf']);
  process.exitCode = exitCode; // the Emscripten runtime sets the process's exit code to qpdf's
  return { code, output: printed.join('\n') };
}

async function objectsOf(
  pdf: Uint8Array,
): Promise<{ objects: Map<string, JsonObject>; trailer: Record<string, Value> }> {
  const q = await instance();
  const fs = q.FS as unknown as {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string, options: { encoding: 'utf8' }): string;
  };
  fs.writeFile('/structure.pdf', pdf);
  const exitCode = process.exitCode;
  const code = q.callMain([
    '--json=2',
    '--json-stream-data=inline',
    '--decode-level=generalized',
    '/structure.pdf',
    '/structure.json',
  ]);
  process.exitCode = exitCode;
  if (code !== 0 && code !== 3) throw new Error(`qpdf could not read the PDF (${code})`);
  const json = JSON.parse(fs.readFile('/structure.json', { encoding: 'utf8' })) as {
    qpdf: [unknown, Record<string, JsonObject>];
  };
  const objects = new Map<string, JsonObject>();
  let trailer: Record<string, Value> = {};
  for (const [key, object] of Object.entries(json.qpdf[1])) {
    if (key === 'trailer') trailer = object.value as Record<string, Value>;
    else objects.set(key.replace(/^obj:/, ''), object);
  }
  return { objects, trailer };
}

/** A PDF name as text: "/text#2Fxml" is "text/xml". */
function nameText(value: Value | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  return value.slice(1).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A PDF string in qpdf's JSON: "u:text" or "b:hex". */
function stringText(value: Value | undefined): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return null;
}

export async function pdfaStructure(pdf: Uint8Array): Promise<PdfaStructure> {
  const problems: string[] = [];
  const { objects, trailer } = await objectsOf(pdf);
  const isRef = (value: Value | undefined): value is string => typeof value === 'string' && / \d+ R$/.test(value);
  const resolve = (value: Value | undefined): Value | undefined => {
    if (!isRef(value)) return value;
    const object = objects.get(value);
    return object?.value ?? (object?.stream?.dict as Value | undefined);
  };
  const dict = (value: Value | undefined): Record<string, Value> => {
    const resolved = resolve(value);
    return resolved && typeof resolved === 'object' && !Array.isArray(resolved) ? resolved : {};
  };
  const array = (value: Value | undefined): Value[] => {
    const resolved = resolve(value);
    return Array.isArray(resolved) ? resolved : [];
  };
  const streamData = (value: Value | undefined): Buffer | null => {
    const data = isRef(value) ? objects.get(value)?.stream?.data : undefined;
    return data === undefined ? null : Buffer.from(data, 'base64');
  };

  // The file header: version, then a comment of four bytes above 127 so the file reads as binary (6.1.2).
  const head = Buffer.from(pdf.subarray(0, 32));
  if (!/^%PDF-1\.[4-7]\r?\n/.test(head.toString('latin1'))) problems.push('The header is not %PDF-1.4 to 1.7.');
  const second = head.subarray(head.indexOf(0x0a) + 1);
  if (!(second[0] === 0x25 && [1, 2, 3, 4].every((i) => (second[i] ?? 0) > 127))) {
    problems.push('The second line is not a comment of four binary bytes.');
  }

  // The trailer: no encryption, a file identifier (6.1.3).
  if ('/Encrypt' in trailer) problems.push('The file is encrypted.');
  if (array(trailer['/ID']).length !== 2) problems.push('The trailer has no /ID.');

  const catalog = dict(trailer['/Root']);
  // The XMP packet, unfiltered (6.6.2.1), with pdfaid part 3 (6.6.4).
  let xmp = '';
  const metadataRef = catalog['/Metadata'];
  const metadata = isRef(metadataRef) ? objects.get(metadataRef)?.stream : undefined;
  if (!metadata) problems.push('The catalog has no /Metadata stream.');
  else {
    if (nameText(metadata.dict['/Type']) !== 'Metadata' || nameText(metadata.dict['/Subtype']) !== 'XML') {
      problems.push('The metadata stream is not /Type /Metadata /Subtype /XML.');
    }
    if ('/Filter' in metadata.dict) problems.push('The metadata stream is filtered.');
    xmp = streamData(metadataRef)?.toString('utf8') ?? '';
    if (!/<pdfaid:part>3<\/pdfaid:part>/.test(xmp)) problems.push('The XMP has no pdfaid:part 3.');
    if (!/<pdfaid:conformance>B<\/pdfaid:conformance>/.test(xmp)) problems.push('The XMP has no pdfaid:conformance B.');
    // Unescaped markup in a value is the usual way XMP breaks: every & starts an entity.
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(xmp)) problems.push('The XMP has an unescaped &.');
  }

  // The output intent: GTS_PDFA1 with an ICC profile of 3 components, as pdfkit's sRGB (6.2.3).
  const intents = array(catalog['/OutputIntents']).map(dict);
  const pdfa = intents.find((intent) => nameText(intent['/S']) === 'GTS_PDFA1');
  if (!pdfa) problems.push('There is no GTS_PDFA1 output intent.');
  else {
    const profile = dict(pdfa['/DestOutputProfile']);
    if (profile['/N'] !== 3 || streamData(pdfa['/DestOutputProfile']) === null) {
      problems.push('The output intent has no RGB ICC profile.');
    }
  }

  // Every object: fonts embedded (6.2.11.4), no LZW (6.1.7), no external streams (6.1.7), no JavaScript or launch
  // actions (6.6.1), images without alternates or OPI (6.2.8), annotations printed (6.3.2).
  for (const [key, object] of objects) {
    const body = object.value && typeof object.value === 'object' && !Array.isArray(object.value) ? object.value : {};
    const entries: Record<string, Value> = object.stream ? object.stream.dict : (body as Record<string, Value>);
    if (object.stream && ['/F', '/FFilter', '/FDecodeParms'].some((name) => name in entries)) {
      problems.push(`Stream ${key} refers to an external file.`);
    }
    if (JSON.stringify(entries['/Filter'] ?? '').includes('LZWDecode')) problems.push(`Stream ${key} is LZW-encoded.`);
    const type = nameText(entries['/Type']);
    const subtype = nameText(entries['/Subtype']);
    if (nameText(entries['/S']) === 'JavaScript' || nameText(entries['/S']) === 'Launch') {
      problems.push(`Object ${key} is a ${nameText(entries['/S'])} action.`);
    }
    if (type === 'Font' && subtype !== 'Type0' && subtype !== 'Type3') {
      const descriptor = dict(entries['/FontDescriptor']);
      if (!['/FontFile', '/FontFile2', '/FontFile3'].some((name) => name in descriptor)) {
        problems.push(`Font ${key} (${nameText(entries['/BaseFont'])}) is not embedded.`);
      }
    }
    if (type === 'Font' && subtype === 'Type0') {
      for (const descendant of array(entries['/DescendantFonts']).map(dict)) {
        const descriptor = dict(descendant['/FontDescriptor']);
        if (!['/FontFile', '/FontFile2', '/FontFile3'].some((name) => name in descriptor)) {
          problems.push(`Font ${key} (${nameText(entries['/BaseFont'])}) is not embedded.`);
        }
      }
    }
    if (subtype === 'Image' && ('/Alternates' in entries || '/OPI' in entries || entries['/Interpolate'] === true)) {
      problems.push(`Image ${key} has alternates, OPI or interpolation.`);
    }
    // The output intent is RGB: device colours of another model have nothing to be read against (6.2.4.3).
    if (subtype === 'Image' && nameText(entries['/ColorSpace']) === 'DeviceCMYK') {
      problems.push(`Image ${key} is DeviceCMYK under an RGB output intent.`);
    }
    if (type === 'Annot' && subtype !== 'Popup' && (typeof entries['/F'] !== 'number' || (entries['/F'] & 4) === 0)) {
      problems.push(`Annotation ${key} is not printed.`);
    }
  }

  // Associated files (6.8): each a file specification with /F, /UF, /AFRelationship and an embedded file of a MIME
  // subtype with its modification date; each also in the /EmbeddedFiles name tree.
  const attachments: PdfaAttachment[] = [];
  for (const reference of array(catalog['/AF'])) {
    const fileSpec = dict(reference);
    const name = stringText(fileSpec['/UF']) ?? stringText(fileSpec['/F']) ?? '';
    if (!('/F' in fileSpec) || !('/UF' in fileSpec)) problems.push(`Attachment ${name} has no /F and /UF.`);
    const relationship = nameText(fileSpec['/AFRelationship']);
    if (!relationship) problems.push(`Attachment ${name} has no /AFRelationship.`);
    const fileRef = dict(fileSpec['/EF'])['/F'];
    const file = dict(fileRef);
    const subtype = nameText(file['/Subtype']);
    if (!subtype) problems.push(`Attachment ${name} has no MIME /Subtype.`);
    if (!('/ModDate' in dict(file['/Params']))) problems.push(`Attachment ${name} has no /Params /ModDate.`);
    attachments.push({ name, relationship, subtype, data: streamData(fileRef) ?? Buffer.alloc(0) });
  }
  const tree = dict(dict(catalog['/Names'])['/EmbeddedFiles']);
  const names = array(tree['/Names']);
  const embeddedFileNames = names.filter((_, index) => index % 2 === 0).map((value) => stringText(value) ?? '');
  for (const attachment of attachments) {
    if (!embeddedFileNames.includes(attachment.name)) problems.push(`${attachment.name} is not in /EmbeddedFiles.`);
  }

  // The document information dictionary agrees with the XMP (6.6.2.3.1): its title is the XMP's dc:title.
  const title = stringText(dict(trailer['/Info'])['/Title']);
  if (title !== null && !xmp.includes(title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))) {
    problems.push('The Info /Title is not the XMP dc:title.');
  }

  return { problems, xmp, attachments, embeddedFileNames };
}

import type { InvoiceDocument, InvoiceDocumentItem } from '@invoicer/domain/invoice-document';
import { inflateSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { parseFont, type ParsedFont } from './invoice-fonts';

/** Invoices and PDF reading helpers shared by the PDF tests (not used by the server). */

export function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    from: 'Ada Lovelace Studio\n12 Analytical Row\nLondon EC1A 1BB',
    to: 'Grace Hopper Ltd\n1 Compiler Way\nArlington, VA 22201',
    invoiceNumber: '0042',
    issuedDate: '2026-11-21',
    dueDate: '2026-11-28',
    items: [{ name: 'Website design', description: 'Landing page, two iterations', quantity: 3, unitCost: 1005 }],
    tax: { enabled: true, type: 'percent', value: 7_500 },
    discount: { enabled: false, type: 'percent', value: 0 },
    shipping: { enabled: false, amount: 0 },
    paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00',
    paymentInstructions: '',
    terms: 'Please submit payment within 15 days of receipt of this invoice.',
    logo: null,
    currency: 'EUR',
    ...overrides,
  };
}

/** `count` items named "Service line 001" …, every third with a description. */
export function manyItems(count: number): InvoiceDocumentItem[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Service line ${String(index + 1).padStart(3, '0')}`,
    description: index % 3 === 0 ? 'Analysis, implementation and review of the requested change set' : '',
    quantity: (index % 5) + 1,
    unitCost: 1000 + index * 25,
  }));
}

/** Text of each page, in drawing order. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(pdf.slice(), { mergePages: false });
  return text;
}

export interface PlacedText {
  page: number;
  text: string;
  x: number;
  /** Baseline, from the bottom of the page, in points. */
  y: number;
  width: number;
}

/** Every text run with its page (1-based), left edge and width in points. */
export async function placedTexts(pdf: Uint8Array): Promise<PlacedText[]> {
  const document = await getDocumentProxy(pdf.slice());
  const placed: PlacedText[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      placed.push({
        page: number,
        text: item.str,
        x: item.transform[4] as number,
        y: item.transform[5] as number,
        width: item.width,
      });
    }
  }
  await document.destroy();
  return placed;
}

export async function pdfInfo(pdf: Uint8Array): Promise<Record<string, unknown>> {
  const document = await getDocumentProxy(pdf.slice());
  const { info } = await document.getMetadata();
  await document.destroy();
  return info as Record<string, unknown>;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** The objects of a PDF written by pdfkit (uncompressed object syntax, Flate streams), by number. */
function pdfObjects(pdf: Uint8Array): Map<number, PdfObject> {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('\nstream\n');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = match.index + match[0].indexOf('\nstream\n') + '\nstream\n'.length;
    const end = text.lastIndexOf('\nendstream', match.index + match[0].length);
    const raw = bytes.subarray(start, end);
    objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return objects;
}

function ref(dict: string, key: string): number | null {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return found ? Number(found[1]) : null;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange arrays) read back: code to text. */
function readToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
    let code = parseInt(range[1]!, 16);
    for (const entry of range[2]!.matchAll(/<([0-9a-f ]*)>/gi)) {
      const units = entry[1]!
        .split(' ')
        .filter(Boolean)
        .map((unit) => parseInt(unit, 16));
      map.set(code++, String.fromCharCode(...units));
    }
  }
  return map;
}

export interface EmbeddedFontUse {
  /** The BaseFont, e.g. "AAAAAB+NotoSansArabic-Regular". */
  name: string;
  /** Every code the pages draw with this font, with its ToUnicode text. */
  codes: Map<number, string>;
  /** The embedded font program (the subset) as parsed by fontkit. */
  program: ParsedFont;
}

/**
 * Every embedded font of a PDF with the codes its pages draw: read from the PDF's own objects (the
 * page content streams, the Type0 fonts, their ToUnicode CMaps and FontFile2 programs), not through
 * a renderer, so a test sees exactly which glyph each character became.
 */
export function embeddedFontUses(pdf: Uint8Array): EmbeddedFontUse[] {
  const objects = pdfObjects(pdf);
  const fonts = new Map<number, EmbeddedFontUse>();
  for (const page of objects.values()) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const resources = objects.get(ref(page.dict, 'Resources')!)!.dict;
    const names = new Map<string, number>();
    for (const entry of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) names.set(entry[1]!, Number(entry[2]));
    const content = objects.get(ref(page.dict, 'Contents')!)!.stream!.toString('latin1');
    let current: EmbeddedFontUse | null = null;
    for (const token of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (token[1]) {
        const id = names.get(token[1])!;
        let use = fonts.get(id);
        if (!use) {
          const font = objects.get(id)!.dict;
          const descendant = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(font)![1]))!.dict;
          const descriptor = objects.get(ref(descendant, 'FontDescriptor')!)!.dict;
          use = {
            name: /\/BaseFont \/(\S+)/.exec(font)![1]!,
            codes: new Map(),
            program: parseFont(objects.get(ref(descriptor, 'FontFile2')!)!.stream!),
          };
          (use as EmbeddedFontUse & { toUnicode: Map<number, string> }).toUnicode = readToUnicode(
            objects.get(ref(font, 'ToUnicode')!)!.stream!.toString('latin1'),
          );
          fonts.set(id, use);
        }
        current = use;
        continue;
      }
      const toUnicode = (current as EmbeddedFontUse & { toUnicode: Map<number, string> }).toUnicode;
      for (const hex of token[2]!.matchAll(/<([0-9a-f]+)>/gi)) {
        for (let i = 0; i < hex[1]!.length; i += 4) {
          const code = parseInt(hex[1]!.slice(i, i + 4), 16);
          current!.codes.set(code, toUnicode.get(code) ?? '');
        }
      }
    }
  }
  return [...fonts.values()];
}

/** A structure element as pdf.js reads it, with the text of its own marked content (all pages). */
export interface TaggedNode {
  role: string;
  alt?: string;
  lang?: string;
  /** The text of the element's own content, its pieces joined by spaces. */
  text: string;
  children: TaggedNode[];
}

export interface TaggedDocument {
  /** The StructTreeRoot, its elements as the PDF's objects hold them. */
  root: TaggedNode;
  /** Text drawn inside an Artifact, by page. */
  artifacts: string[][];
  /** Text drawn outside any marked content (none in a well-tagged page). */
  untagged: string[];
  /** Marked content with text that no structure element claims. */
  unclaimed: string[];
  /** Marked content that more than one element claims. */
  claimedTwice: string[];
}

/** A PDF literal string as pdfkit writes it (escaped; UTF-16BE with a byte order mark when not ASCII). */
function pdfString(literal: string): string {
  const bytes = literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    return simple[escape] ?? (/^[0-7]+$/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : escape);
  });
  if (!bytes.startsWith('\u00fe\u00ff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

/**
 * The tagged structure of a PDF: the structure elements read from its objects, each with the text of its marked
 * content as pdf.js extracts it (getTextContent with the marked content), so a test sees what assistive technology
 * sees: which element each piece of text belongs to, what is an artifact, and what is neither.
 */
export async function taggedDocument(pdf: Uint8Array): Promise<TaggedDocument> {
  const document = await getDocumentProxy(pdf.slice());
  const texts = new Map<string, string[]>(); // by "page object:MCID"
  const artifacts: string[][] = [];
  const untagged: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const { items } = await page.getTextContent({ includeMarkedContent: true });
    const pageArtifacts: string[] = [];
    let open: { key: string | null; tag: string } | null = null;
    for (const item of items) {
      if ('type' in item) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
          const id = /^p(\d+)R_mc(\d+)$/.exec(item.id ?? '');
          open = { key: id ? `${id[1]}:${id[2]}` : null, tag: (item as { tag?: string }).tag ?? '' };
        } else if (item.type === 'endMarkedContent') open = null;
        continue;
      }
      const text = item.str.trim();
      if (text === '') continue;
      if (open?.tag === 'Artifact') pageArtifacts.push(text);
      else if (open?.key) texts.set(open.key, [...(texts.get(open.key) ?? []), text]);
      else untagged.push(text);
    }
    artifacts.push(pageArtifacts);
  }
  await document.destroy();

  const objects = pdfObjects(pdf);
  const claims = new Map<string, number>();
  const element = (number: number): TaggedNode => {
    const dict = objects.get(number)!.dict;
    const node: TaggedNode = { role: /\/S \/(\w+)/.exec(dict)?.[1] ?? 'StructTreeRoot', text: '', children: [] };
    const alt = /\/Alt \(((?:\\.|[^\\)])*)\)/.exec(dict);
    if (alt) node.alt = pdfString(alt[1]!);
    const lang = /\/Lang \(((?:\\.|[^\\)])*)\)/.exec(dict);
    if (lang) node.lang = pdfString(lang[1]!);
    const page = ref(dict.replace(/\/K \[[^\]]*\]/, ''), 'Pg'); // its own page, not one of a reference in K
    const content = (pageNumber: number | null, mcid: number): void => {
      const key = `${pageNumber}:${mcid}`;
      claims.set(key, (claims.get(key) ?? 0) + 1);
      const text = (texts.get(key) ?? []).join(' ');
      if (text) node.text = node.text ? `${node.text} ${text}` : text;
    };
    const kids = /\/K \[([^\]]*)\]/.exec(dict)?.[1] ?? '';
    for (const kid of kids.matchAll(/<<([^>]*)>>|(\d+) 0 R|(\d+)/g)) {
      if (kid[1]) content(ref(kid[1], 'Pg'), Number(/\/MCID (\d+)/.exec(kid[1])![1]));
      else if (kid[2]) node.children.push(element(Number(kid[2])));
      else content(page, Number(kid[3]));
    }
    return node;
  };
  const catalog = [...objects.values()].find((object) => /\/Type \/Catalog\b/.test(object.dict))!.dict;
  const treeRoot = ref(catalog, 'StructTreeRoot');
  const root = treeRoot === null ? { role: 'none', text: '', children: [] } : element(treeRoot);
  return {
    root,
    artifacts,
    untagged,
    unclaimed: [...texts.keys()].filter((key) => !claims.has(key)),
    claimedTwice: [...claims].filter(([, count]) => count > 1).map(([key]) => key),
  };
}

/** Every element of a tagged tree, depth first (reading order). */
export function taggedElements(node: TaggedNode): TaggedNode[] {
  return [node, ...node.children.flatMap(taggedElements)];
}

/** The catalogue's MarkInfo and ViewerPreferences dictionaries and whether it has a StructTreeRoot, read from the objects. */
export function catalogEntries(pdf: Uint8Array): {
  markInfo: string;
  viewerPreferences: string;
  structTreeRoot: boolean;
} {
  const objects = pdfObjects(pdf);
  const catalog = [...objects.values()].find((object) => /\/Type \/Catalog\b/.test(object.dict))!.dict;
  const dictOf = (key: string): string => {
    const number = ref(catalog, key);
    return number === null ? '' : objects.get(number)!.dict;
  };
  return {
    markInfo: dictOf('MarkInfo'),
    viewerPreferences: dictOf('ViewerPreferences'),
    structTreeRoot: ref(catalog, 'StructTreeRoot') !== null,
  };
}

import type { FontHandle } from './invoice-fonts';
import type { ShapedGlyph, ShapedLine } from './text-runs';

/**
 * Draws shaped lines (text-runs.ts) into a pdfkit document. pdfkit still embeds and subsets the fonts
 * (its EmbeddedFont: subset, widths, ToUnicode map), but the glyphs and what each stands for come from
 * our runs: pdfkit's own text path shapes one font, left to right, and maps a glyph to the code points
 * of the first text that produced it. Here a glyph that stands for different text in two places (the
 * vowel sign that starts an Indic syllable, a mirrored bracket) is embedded once per meaning, so every
 * glyph's ToUnicode entry is right (docs/decisions/0058-every-script-renders.md).
 */

type Doc = PDFKit.PDFDocument;

/** The parts of pdfkit's EmbeddedFont this module uses. */
interface EmbeddedFont {
  readonly id: string;
  readonly subset: { glyphs: number[]; mapping: Record<number, number>; includeGlyph(glyph: number): number };
  readonly widths: number[];
  readonly unicode: number[][];
  ref(): unknown;
}

interface DocumentInternals {
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
  _registeredFonts: Record<string, unknown>;
  page: { height: number; fonts: Record<string, unknown> };
}

interface FontInDocument {
  font: EmbeddedFont;
  /** Code (glyph of the subset) by glyph id and text. */
  codes: Map<string, number>;
}

const documents = new WeakMap<Doc, Map<string, FontInDocument>>();

/** The document's embedded font for a handle, registered and created on its first use in the document. */
function fontIn(doc: Doc, handle: FontHandle): FontInDocument {
  let fonts = documents.get(doc);
  if (!fonts) {
    fonts = new Map();
    documents.set(doc, fonts);
  }
  let found = fonts.get(handle.key);
  if (!found) {
    const internals = doc as unknown as DocumentInternals;
    if (!internals._registeredFonts[handle.key]) doc.registerFont(handle.key, handle.font as unknown as Uint8Array);
    // doc.font() creates the EmbeddedFont (and lists it for embedding); the current font stays as it was.
    const saved = { font: internals._font, source: internals._fontSource, family: internals._fontFamily };
    doc.font(handle.key);
    const font = internals._font as EmbeddedFont;
    internals._font = saved.font;
    internals._fontSource = saved.source;
    internals._fontFamily = saved.family;
    if (!font.subset || !Array.isArray(font.unicode) || !Array.isArray(font.widths)) {
      throw new Error('pdfkit did not expose the embedded font; check the pdfkit version.');
    }
    found = { font, codes: new Map() };
    fonts.set(handle.key, found);
  }
  return found;
}

/** The code a glyph is written with: one subset glyph per (glyph, width, text), so each has its own W and ToUnicode entry. */
function codeFor(entry: FontInDocument, glyph: ShapedGlyph): number {
  const key = `${glyph.id}\u0000${glyph.width}\u0000${glyph.text}`;
  let code = entry.codes.get(key);
  if (code === undefined) {
    const { subset, widths, unicode } = entry.font;
    if (subset.mapping[glyph.id] == null) {
      code = subset.includeGlyph(glyph.id);
    } else {
      subset.glyphs.push(glyph.id);
      code = subset.glyphs.length - 1;
    }
    widths[code] = glyph.width;
    unicode[code] = Array.from(glyph.text, (char) => char.codePointAt(0)!);
    entry.codes.set(key, code);
  }
  return code;
}

/**
 * The order runs are written in, which is the order text extractors read them: runs of one font that
 * follow each other in reading order and hold right-to-left letters are written left to right, as one
 * flow (pdf.js turns such a flow back into reading order itself, spaces included); everything else in
 * reading order.
 */
function extractionOrder(line: ShapedLine): ShapedLine['runs'] {
  const ordered: Array<ShapedLine['runs'][number]> = [];
  let group: Array<ShapedLine['runs'][number]> = [];
  const close = () => {
    ordered.push(...(group.some((run) => run.rtl) ? group.sort((a, b) => a.x - b.x) : group));
    group = [];
  };
  for (const run of line.runs) {
    if (group.length > 0 && group[0]!.font !== run.font) close();
    group.push(run);
  }
  close();
  return ordered;
}

/** pdfkit's number format for content streams. */
function number(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function hex(code: number): string {
  return code.toString(16).padStart(4, '0');
}

/**
 * Draws a line with the top of its line box at `top` and its left edge at `x`, in the document's
 * current fill colour. `ascender` (thousandths of an em) puts the baseline where pdfkit puts Noto
 * Sans's, so every run of a line shares it.
 */
export function drawShapedLine(doc: Doc, line: ShapedLine, x: number, top: number, size: number, ascender: number) {
  if (line.runs.length === 0) return;
  const internals = doc as unknown as DocumentInternals;
  const page = internals.page;
  const scale = size / 1000;
  const y = page.height - top - ascender * scale;
  const out: string[] = ['BT'];
  for (const run of extractionOrder(line)) {
    if (run.glyphs.length === 0) continue;
    const entry = fontIn(doc, run.font);
    page.fonts[entry.font.id] ??= entry.font.ref();
    out.push(`/${entry.font.id} ${number(size)} Tf`);
    let penX = x + run.x * scale;
    out.push(`1 0 0 1 ${number(penX)} ${number(y)} Tm`);
    // As pdfkit writes a run: glyph codes in TJ arrays, with the shaped advance where it differs from
    // the font's width, and a text matrix of its own for a glyph with an offset (a positioned mark).
    const glyphs = run.glyphs;
    const codes = glyphs.map((glyph) => hex(codeFor(entry, glyph)));
    const commands: string[] = [];
    let last = 0;
    let hadOffset = false;
    const addSegment = (end: number) => {
      if (last < end) {
        const glyph = glyphs[end - 1]!;
        commands.push(`<${codes.slice(last, end).join('')}> ${number(-(glyph.advance - glyph.width))}`);
      }
      last = end;
    };
    const flush = (end: number) => {
      addSegment(end);
      if (commands.length > 0) {
        out.push(`[${commands.join(' ')}] TJ`);
        commands.length = 0;
      }
    };
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = glyphs[i]!;
      if (glyph.dx || glyph.dy) {
        flush(i);
        out.push(`1 0 0 1 ${number(penX + glyph.dx * scale)} ${number(y + glyph.dy * scale)} Tm`);
        flush(i + 1);
        hadOffset = true;
      } else {
        if (hadOffset) {
          out.push(`1 0 0 1 ${number(penX)} ${number(y)} Tm`);
          hadOffset = false;
        }
        if (glyph.advance !== glyph.width) addSegment(i + 1);
      }
      penX += glyph.advance * scale;
    }
    flush(glyphs.length);
  }
  out.push('ET');
  // As pdfkit's own text: the page's y axis points down, text space up.
  doc.save();
  doc.transform(1, 0, 0, -1, 0, page.height);
  doc.addContent(out.join('\n'));
  doc.restore();
}

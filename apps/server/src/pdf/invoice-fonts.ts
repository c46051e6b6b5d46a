import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { FaceCoverage, FALLBACK_FACES } from './font-faces';
import { rememberGlyphs } from './glyph-memo';
import { FONT_FILES, resolveFontsDir, SERIF_FONT_FILES } from './fonts-dir';

/**
 * The fonts of the invoice. Noto Sans (FONT_FILES; Latin, Greek, Cyrillic, the currency symbols) is
 * parsed when the thread starts; the fallback faces of font-faces.ts (Arabic, Hebrew, Thai, the Indic
 * scripts, Georgian, Armenian, symbols, emoji, Korean, Chinese and Japanese) are read and parsed the
 * first time a document needs them, then kept for the thread's life
 * (docs/decisions/0058-every-script-renders.md).
 */
export type FontWeight = keyof typeof FONT_FILES;

/**
 * The font a text style names: Noto Sans in a weight, or Noto Serif in a weight (the Classic template's
 * headings, read and parsed the first time a document uses it). Characters the named font lacks come
 * from the fallback chain in the name's weight.
 */
export type FontName = FontWeight | 'serif' | 'serif-bold';

/** The weight of a font name: which fallback files its missing characters come from. */
export function weightOf(name: FontName): FontWeight {
  return name === 'bold' || name === 'serif-bold' ? 'bold' : 'regular';
}

/** A glyph as fontkit returns it from a layout. */
export interface FontkitGlyph {
  readonly id: number;
  readonly codePoints: readonly number[];
  readonly advanceWidth: number;
}

/** A layout as fontkit returns it: glyphs in visual order (fontkit reverses right-to-left runs). */
export interface FontkitRun {
  glyphs: FontkitGlyph[];
  positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
}

/**
 * A font already parsed by fontkit. pdfkit accepts such an object wherever it accepts font bytes
 * (PDFFontFactory.open checks for a `layout` function), so every document shares one parse.
 */
export interface ParsedFont {
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  readonly characterSet: number[];
  layout(text: string, features?: string[], script?: string, language?: string, direction?: 'ltr' | 'rtl'): FontkitRun;
  glyphForCodePoint(codePoint: number): FontkitGlyph;
}

/** A parsed font as the text engine uses it. */
export interface FontHandle {
  /** Unique per thread: the pdfkit name a document registers it under. */
  readonly key: string;
  readonly font: ParsedFont;
  /** fontkit units to the thousandths of an em PDF widths use. */
  readonly scale: number;
  readonly primary: boolean;
  /** See FallbackFace.takesNeutrals; Noto Sans takes them. */
  readonly takesNeutrals: boolean;
  /** Index in FALLBACK_FACES, -1 for Noto Sans and Noto Serif. */
  readonly face: number;
  /** A primary font's code points of the BMP, one byte each (the Latin fast path of itemisation); null for a fallback. */
  readonly covered: Uint8Array | null;
}

export type InvoiceFonts = Record<FontWeight, ParsedFont>;

/** The fonts directory this thread reads (set once, before the first document); unset: resolveFontsDir's default. */
let fontsDir: string | undefined;

/** Sets the directory of the font files (the FONTS_DIR setting) for this thread, before its first document. */
export function useFontsDir(dir: string | undefined): void {
  fontsDir = dir;
}

/** Text whose layout makes fontkit parse the cmap, GSUB and GPOS tables an invoice needs, once, at load time. */
const WARM_UP_TEXT = 'INVOICE Invoice #0001 Subtotal Tax (7.5%) Total 0123456789.,-$€£¥₦₹₽₩ Qty Rate Amount ΑαДд';

let primary: Record<FontWeight, FontHandle> | null = null;
/** Code points of the BMP that Noto Sans maps, one byte each: the Latin fast path of itemisation. */
let primaryCoverage: Uint8Array | null = null;
/** Parsed fallback fonts by file name. */
const fallbackHandles = new Map<string, FontHandle>();
let coverage: FaceCoverage | null = null;
let bytesLoaded = 0;

function dir(): string {
  return resolveFontsDir(fontsDir);
}

function readFont(file: string): ParsedFont {
  const bytes = readFileSync(join(dir(), file));
  bytesLoaded += bytes.length;
  return parseFont(bytes);
}

function handle(
  key: string,
  font: ParsedFont,
  face: number,
  takesNeutrals: boolean,
  covered: Uint8Array | null = null,
): FontHandle {
  return { key, font, scale: 1000 / font.unitsPerEm, primary: face === -1, takesNeutrals, face, covered };
}

/** What both weights of a family map in the BMP: a run never changes font with its weight. */
function coveredByBoth(regular: ParsedFont, bold: ParsedFont): Uint8Array {
  const covered = new Uint8Array(0x10000);
  const boldSet = new Set(bold.characterSet);
  for (const code of regular.characterSet) if (code < 0x10000 && boldSet.has(code)) covered[code] = 1;
  return covered;
}

function loadPrimary(): Record<FontWeight, FontHandle> {
  if (!primary) {
    const regular = readFont(FONT_FILES.regular);
    const bold = readFont(FONT_FILES.bold);
    regular.layout(WARM_UP_TEXT);
    bold.layout(WARM_UP_TEXT);
    const covered = coveredByBoth(regular, bold);
    primaryCoverage = covered;
    primary = { regular: handle('regular', regular, -1, true, covered), bold: handle('bold', bold, -1, true, covered) };
  }
  return primary;
}

let serif: Record<FontWeight, FontHandle> | null = null;

/** Noto Serif, read and parsed the first time a document draws with it, then kept for the thread's life. */
function loadSerif(): Record<FontWeight, FontHandle> {
  if (!serif) {
    const regular = readFont(SERIF_FONT_FILES.regular);
    const bold = readFont(SERIF_FONT_FILES.bold);
    const covered = coveredByBoth(regular, bold);
    serif = {
      regular: handle('serif', regular, -1, true, covered),
      bold: handle('serif-bold', bold, -1, true, covered),
    };
  }
  return serif;
}

/**
 * The thread's Noto Sans, parsed once and reused by every document: parsing per document was the
 * measured bottleneck (fontkit.create plus the first layout, which loads GSUB/GPOS, cost 15-25 ms per
 * font). Each document's ToUnicode map comes from its own text (pdf-text.ts), so what the thread
 * rendered before never shows in another document.
 */
export function acquireInvoiceFonts(): InvoiceFonts {
  const fonts = loadPrimary();
  return { regular: fonts.regular.font, bold: fonts.bold.font };
}

/** The font a style names (Noto Sans, or Noto Serif read on first use). */
export function primaryFont(name: FontName): FontHandle {
  if (name === 'serif' || name === 'serif-bold') return loadSerif()[weightOf(name)];
  return loadPrimary()[name];
}

/** Whether Noto Sans (both weights) maps the code point. */
export function primaryCovers(code: number): boolean {
  if (!primaryCoverage) loadPrimary();
  return code < 0x10000 && primaryCoverage![code] === 1;
}

export function faceCoverage(): FaceCoverage {
  coverage ??= FaceCoverage.read(dir());
  return coverage;
}

/** The fallback face's font of that weight, read and parsed on first use (docs/decisions/0058-every-script-renders.md). */
export function fallbackFont(face: number, weight: FontWeight): FontHandle {
  const entry = FALLBACK_FACES[face]!;
  // Keyed by file, so a face with one weight is one font (one subset) in a document whatever the weight.
  const file = entry.files[weight];
  let found = fallbackHandles.get(file);
  if (!found) {
    found = handle(file, readFont(file), face, entry.takesNeutrals);
    fallbackHandles.set(file, found);
  }
  return found;
}

/** Bytes of font files this thread holds (they stay for its life; the pool's memory budget leaves them out). */
export function loadedFontBytes(): number {
  return bytesLoaded;
}

/** Parses font bytes with the fontkit inside pdfkit. */
export function parseFont(bytes: Buffer): ParsedFont {
  // fontkit is only a dependency of pdfkit, so let pdfkit parse the bytes in a scratch document
  // and take the fontkit Font it made (EmbeddedFont.font).
  // No default font: pdfkit would read Helvetica's metrics from its own directory, which a bundle may not have.
  const scratch = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  scratch.font(bytes);
  const font = (scratch as unknown as { _font?: { font?: ParsedFont } })._font?.font;
  if (!font || typeof font.layout !== 'function') {
    throw new Error('pdfkit did not expose the parsed font; check the pdfkit version.');
  }
  return rememberGlyphs(font);
}

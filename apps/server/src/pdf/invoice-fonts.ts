import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { FONT_FILES, resolveFontsDir } from './fonts-dir';

/**
 * The invoice fonts (FONT_FILES): Noto Sans (SIL OFL 1.1, see assets/fonts/OFL.txt). It covers Latin, Latin Extended,
 * Greek, Cyrillic and every currency symbol of the product (₦ ₹ ₽ ₩ € £ ¥ …). Text outside it (CJK, emoji)
 * renders as the font's .notdef box; nothing throws.
 */
export type FontWeight = keyof typeof FONT_FILES;

/**
 * A font already parsed by fontkit. pdfkit accepts such an object wherever it accepts font bytes
 * (PDFFontFactory.open checks for a `layout` function), so every document shares one parse.
 */
export interface ParsedFont {
  readonly postscriptName: string;
  layout(text: string): unknown;
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

let cached: InvoiceFonts | null = null;

/**
 * The thread's fonts, parsed once and reused by every document: parsing per document was the measured
 * bottleneck (fontkit.create plus the first layout, which loads GSUB/GPOS, cost 15-25 ms per font).
 * Call once per document: it empties fontkit's glyph object cache, because a glyph object keeps the
 * code points of the text that first produced it (the ligature "fi" and U+FB01 share a glyph) and those
 * feed the PDF's ToUnicode map. So each document maps its glyphs from its own text, and equal input
 * gives equal bytes whatever the thread rendered before. Measured cost: about 0.3 ms per document.
 */
export function acquireInvoiceFonts(): InvoiceFonts {
  if (!cached) {
    const dir = resolveFontsDir(fontsDir);
    cached = {
      regular: parseFont(readFileSync(join(dir, FONT_FILES.regular))),
      bold: parseFont(readFileSync(join(dir, FONT_FILES.bold))),
    };
  }
  for (const font of Object.values(cached)) (font as unknown as { _glyphs: object })._glyphs = {};
  return cached;
}

function parseFont(bytes: Buffer): ParsedFont {
  // fontkit is only a dependency of pdfkit, so let pdfkit parse the bytes in a scratch document
  // and take the fontkit Font it made (EmbeddedFont.font).
  // No default font: pdfkit would read Helvetica's metrics from its own directory, which a bundle may not have.
  const scratch = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  scratch.font(bytes);
  const font = (scratch as unknown as { _font?: { font?: ParsedFont } })._font?.font;
  if (!font || typeof font.layout !== 'function') {
    throw new Error('pdfkit did not expose the parsed font; check the pdfkit version.');
  }
  font.layout(WARM_UP_TEXT);
  return font;
}

/** Words shaped by fontkit, per weight, shared by every document of the thread. */
const MAX_CACHED_WORDS = 20_000;
const layoutCaches: Record<FontWeight, Map<string, unknown>> = { regular: new Map(), bold: new Map() };

interface GlyphRun {
  glyphs: ReadonlyArray<{ codePoints: readonly number[] }>;
}

/** True when the run's glyphs map back to exactly the word's code points (what the PDF's ToUnicode map will say). */
function mapsBackToItsText(text: string, run: GlyphRun): boolean {
  const codePoints = run.glyphs.flatMap((glyph) => glyph.codePoints);
  const expected = Array.from(text, (char) => char.codePointAt(0)!);
  return codePoints.length === expected.length && codePoints.every((code, i) => code === expected[i]);
}

/**
 * pdfkit shapes text word by word and caches the runs per document; shaping (GSUB/GPOS lookups) is
 * a third of a one-page invoice. This cache outlives the document, so labels, digits and recurring
 * words are shaped once per thread. pdfkit scales a run by the font's own constant, so a run is valid
 * in any document. A run is kept only if its glyphs map back to exactly its word, so a glyph object
 * first made for other text (the ligature "fi" made from U+FB01) never carries that text into another
 * document: output stays a function of the input alone.
 */
export function sharedLayoutCache(weight: FontWeight): Record<string, unknown> {
  const cache = layoutCaches[weight];
  return new Proxy(Object.create(null) as Record<string, unknown>, {
    get: (_target, text) => (typeof text === 'string' ? cache.get(text) : undefined),
    set: (_target, text, run: GlyphRun) => {
      if (typeof text !== 'string' || !mapsBackToItsText(text, run)) return true;
      if (cache.size >= MAX_CACHED_WORDS) cache.clear();
      cache.set(text, run);
      return true;
    },
  });
}

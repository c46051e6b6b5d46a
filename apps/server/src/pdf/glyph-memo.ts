/**
 * What fontkit works out again for every glyph object, kept per font for the thread's life
 * (docs/decisions/0074-pdf-threads-collect-and-remember-glyphs.md).
 *
 * fontkit makes a new glyph object for each use (text-runs.ts keeps fontkit's glyph cache from carrying one text's
 * code points into another), and a new object parses its outline again: once for its metrics (without a vmtx table,
 * the vertical ones read the outline's bounding box) and, when a document's font subset is written, once more in
 * full only to learn whether it is a composite glyph. Both depend on the glyph id alone. Profiled on an account
 * export, they were about a fifth of a Latin invoice's render.
 *
 * This reaches into fontkit 2's internals (`_metrics`, `_getMetrics`, `_decode`, the TrueType subset's `_addGlyph`),
 * as text-runs.ts does with `_glyphs`; glyph-memo.test.ts holds the subsets it writes byte for byte to fontkit's own
 * and fails if those internals change shape.
 */

interface GlyphMetrics {
  advanceWidth: number;
  advanceHeight: number;
  leftBearing: number;
  topBearing: number;
}

interface FontkitGlyphInternals {
  id: number;
  _metrics: GlyphMetrics | null | undefined;
  _getMetrics(): GlyphMetrics;
  _decode(): { numberOfContours: number; components?: Array<{ glyphID: number; pos: number }> } | null;
}

interface FontkitFontInternals {
  getGlyph(id: number, codePoints?: number[]): FontkitGlyphInternals | null;
  createSubset(): object;
  _variationProcessor?: unknown;
  loca?: { offsets: number[] };
  _getTableStream(table: string): { pos: number; readBuffer(length: number): Uint8Array };
}

/** The parts of fontkit's TrueType subset that `_addGlyph` touches. */
interface TrueTypeSubsetInternals {
  font: FontkitFontInternals;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: Array<{ advance: number; bearing: number }> };
  offset: number;
  includeGlyph(id: number): number;
}

/** A composite glyph's components (id, and where the id stands in the glyph's bytes); null for a simple glyph. */
type Components = ReadonlyArray<{ glyphID: number; pos: number }> | null;

const metricsOf = new WeakMap<object, Map<number, GlyphMetrics>>();
const componentsOf = new WeakMap<object, Map<number, Components>>();
const patchedSubsets = new WeakSet<object>();
const remembered = new WeakSet<object>();

/** Metrics of a glyph id, computed by fontkit the first time and shared by every glyph object of that id after. */
function metrics(font: FontkitFontInternals, glyph: FontkitGlyphInternals): GlyphMetrics {
  let known = metricsOf.get(font);
  if (!known) metricsOf.set(font, (known = new Map()));
  let found = known.get(glyph.id);
  if (!found) {
    found = glyph._getMetrics();
    known.set(glyph.id, found);
  }
  return found;
}

function components(font: FontkitFontInternals, gid: number, glyph: FontkitGlyphInternals): Components {
  let known = componentsOf.get(font);
  if (!known) componentsOf.set(font, (known = new Map()));
  let found = known.get(gid);
  if (found === undefined) {
    const outline = glyph._decode();
    found =
      outline && outline.numberOfContours < 0
        ? outline.components!.map(({ glyphID, pos }) => ({ glyphID, pos }))
        : null;
    known.set(gid, found);
  }
  return found;
}

/**
 * fontkit 2.0.4's TrueTypeSubset._addGlyph for a font without variations, with what it learns of each glyph id kept:
 * the glyph's bytes copied from the glyf table (a composite's component ids renumbered), its horizontal metrics.
 */
function addGlyph(this: TrueTypeSubsetInternals, gid: number): number {
  const font = this.font;
  const glyph = font.getGlyph(gid)!;
  const parts = components(font, gid, glyph);
  const start = font.loca!.offsets[gid]!;
  const end = font.loca!.offsets[gid + 1]!;
  const stream = font._getTableStream('glyf');
  stream.pos += start;
  let bytes = stream.readBuffer(end - start);
  if (parts) {
    bytes = new Uint8Array(bytes);
    const view = new DataView(bytes.buffer);
    for (const part of parts) view.setUint16(part.pos, this.includeGlyph(part.glyphID));
  }
  const { advanceWidth, leftBearing } = metrics(font, glyph);
  this.glyf.push(bytes);
  this.loca.offsets.push(this.offset);
  this.hmtx.metrics.push({ advance: advanceWidth, bearing: leftBearing });
  this.offset += bytes.length;
  return this.glyf.length - 1;
}

/** Installs the memo on a font just parsed. A variable font is left as fontkit made it (its metrics vary). */
export function rememberGlyphs<T extends object>(parsed: T): T {
  const font = parsed as unknown as FontkitFontInternals;
  if (font._variationProcessor) return parsed;
  remembered.add(font);
  const getGlyph = font.getGlyph;
  font.getGlyph = function (this: FontkitFontInternals, id, codePoints) {
    const glyph = getGlyph.call(this, id, codePoints);
    if (glyph && !glyph._metrics) glyph._metrics = metrics(font, glyph);
    return glyph;
  };
  if (font.loca) {
    const subset = Object.getPrototypeOf(font.createSubset()) as { _addGlyph: unknown };
    if (!patchedSubsets.has(subset)) {
      patchedSubsets.add(subset);
      const original = subset._addGlyph as (this: TrueTypeSubsetInternals, gid: number) => number;
      subset._addGlyph = function (this: TrueTypeSubsetInternals, gid: number): number {
        return remembered.has(this.font) && !this.font._variationProcessor
          ? addGlyph.call(this, gid)
          : original.call(this, gid);
      };
    }
  }
  return parsed;
}

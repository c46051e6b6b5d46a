import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FALLBACK_FACES } from './font-faces';
import { FONT_FILES, resolveFontsDir } from './fonts-dir';
import { parseFont } from './invoice-fonts';

/**
 * glyph-memo.ts reaches into fontkit's internals: these hold what it produces to what fontkit produces on its own,
 * so a fontkit that changes shape fails here rather than in a customer's PDF.
 */

interface Glyph {
  id: number;
  advanceWidth: number;
  _decode(): { numberOfContours: number } | null;
}
interface Font {
  numGlyphs: number;
  getGlyph(id: number): Glyph;
  glyphForCodePoint(code: number): Glyph;
  layout(text: string): { glyphs: Glyph[]; positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }> };
  createSubset(): { includeGlyph(id: number): number; encode(): Uint8Array };
}

const dir = resolveFontsDir();

/** The font as fontkit parses it, without the memo (parseFont's own steps, less its last). */
function plainFont(bytes: Buffer): Font {
  const scratch = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  scratch.font(bytes);
  return (scratch as unknown as { _font: { font: Font } })._font.font;
}

function subset(font: Font, ids: number[]): Uint8Array {
  const made = font.createSubset();
  for (const id of ids) made.includeGlyph(id);
  return made.encode();
}

/** Composite glyphs of the font (accented capitals are often made of a base and a mark), up to `limit`. */
function composites(font: Font, limit: number): number[] {
  const found: number[] = [];
  for (let id = 1; id < font.numGlyphs && found.length < limit; id++) {
    if ((font.getGlyph(id)._decode()?.numberOfContours ?? 0) < 0) found.push(id);
  }
  return found;
}

const TEXT = 'Invoice Ångström Łódź façade office ﬁnal — Σύνολο Итого €1,234.56 ½';

describe.each([
  FONT_FILES.regular,
  FONT_FILES.bold,
  FALLBACK_FACES.find((face) => face.files.regular.includes('Arabic'))!.files.regular,
])('remembered glyphs of %s', (file) => {
  const bytes = readFileSync(join(dir, file));

  it('writes the same font subset, byte for byte, composite glyphs included, again and again', () => {
    const remembered = parseFont(bytes) as unknown as Font;
    const plain = plainFont(bytes);
    const parts = composites(plain, 40);
    expect(parts.length).toBeGreaterThan(0);
    const text = [...TEXT].map((char) => plain.glyphForCodePoint(char.codePointAt(0)!).id);
    const ids = [...text, ...parts, 3, 7, 11];
    const expected = subset(plain, ids);
    for (let round = 0; round < 3; round++) {
      expect(Buffer.from(subset(remembered, ids)).equals(Buffer.from(expected))).toBe(true);
    }
    // A different selection afterwards (the memo holds glyph ids, not a document's numbering).
    const other = [...parts].reverse().concat(text.slice(0, 5));
    expect(Buffer.from(subset(remembered, other)).equals(Buffer.from(subset(plain, other)))).toBe(true);
  });

  it('lays text out with the same glyphs, advances and offsets', () => {
    const remembered = parseFont(bytes) as unknown as Font;
    const plain = plainFont(bytes);
    for (let round = 0; round < 2; round++) {
      const a = remembered.layout(TEXT);
      const b = plain.layout(TEXT);
      expect(a.glyphs.map((glyph) => [glyph.id, glyph.advanceWidth])).toEqual(
        b.glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]),
      );
      expect(a.positions).toEqual(b.positions);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackFont, primaryFont, type FontHandle, type FontName } from './invoice-fonts';
import { FALLBACK_FACES } from './font-faces';
import { layoutPiece, shapeSideBySide, sideBySideCharacters } from './text-runs';

/**
 * Amounts and numbers are laid out from their characters' cached glyphs, side by side, where the font's check says
 * nothing changes between them (text-runs.ts). Here each font's side-by-side words are held to fontkit's own layout.
 */

const NUMERIC = "0123456789.,'\u2019\u2212-+%()#/: $€£¥₹₩₽₺₪₫₦₱";
const arabic = FALLBACK_FACES.findIndex((face) => face.id === 'arabic');
const FONTS: Array<[string, () => FontHandle, FontName]> = [
  ['Noto Sans', () => primaryFont('regular'), 'regular'],
  ['Noto Sans Bold', () => primaryFont('bold'), 'bold'],
  ['Noto Serif', () => primaryFont('serif'), 'serif'],
  ['Noto Serif Bold', () => primaryFont('serif-bold'), 'serif-bold'],
  ['Noto Sans Arabic', () => fallbackFont(arabic, 'regular'), 'regular'],
];

describe.each(FONTS)('side-by-side words in %s', (_name, font, weight) => {
  it('lays out every numeric word exactly as fontkit does, or leaves it to fontkit', () => {
    const handle = font();
    const word = fc.string({ unit: fc.constantFrom(...NUMERIC), minLength: 2, maxLength: 16 });
    fc.assert(
      fc.property(word, (text) => {
        const quick = shapeSideBySide(handle, text, weight);
        if (quick) expect(quick).toEqual(layoutPiece(handle, text, false, weight));
      }),
      { numRuns: 1_500 },
    );
  });

  it('amounts in every format Intl writes are among them', () => {
    const handle = font();
    for (const text of ['1,234.56', '€1,234.56', '$12.00', '1.234,56 ', "14'509.17", '(5%)', '2026-11-28', '#0042']) {
      const quick = shapeSideBySide(handle, text, weight);
      if (quick) expect(quick).toEqual(layoutPiece(handle, text, false, weight));
    }
  });
});

describe('the side-by-side check', () => {
  it("takes Noto Sans's digits and separators (the fast path is really used)", () => {
    const characters = sideBySideCharacters(primaryFont('regular'));
    for (const char of '0123456789.,%') expect(characters.has(char)).toBe(true);
    expect(shapeSideBySide(primaryFont('regular'), '1,234.56', 'regular')).not.toBeNull();
  });

  it('leaves out the characters of a kerning pair or a ligature, and keeps the others', () => {
    // Noto Sans kerns "AV" and joins "fi"; the digits take part in neither.
    const characters = sideBySideCharacters(primaryFont('regular'), 'AVfi158');
    expect([...characters].sort().join('')).toBe('158');
  });

  it('leaves letters and single characters to fontkit', () => {
    expect(shapeSideBySide(primaryFont('regular'), 'AV', 'regular')).toBeNull();
    expect(shapeSideBySide(primaryFont('regular'), '1', 'regular')).toBeNull();
  });
});

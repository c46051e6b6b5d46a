import { describe, expect, it } from 'vitest';
import { shapeLine, withDocumentLanguage } from './text-runs';

// Identity is compared as a boolean: a failing toBe would print two lines with their fonts, far too large to diff.
const same = (a: unknown, b: unknown) => a === b;
const glyphs = (line: ReturnType<typeof shapeLine>) =>
  line.runs.map((run) => ({ x: run.x, ids: run.glyphs.map((glyph) => glyph.id) }));

/**
 * shapeLine remembers whole lines for every document of the thread (text-runs.ts). What it answers from memory must
 * be what shaping answers: the same line again is the same answer, and what the key must tell apart stays apart.
 */
describe('shapeLine remembers lines', () => {
  it('answers a line it has shaped from memory', () => {
    const first = shapeLine('Subtotal 1,234.56', 'regular');
    expect(same(shapeLine('Subtotal 1,234.56', 'regular'), first)).toBe(true);
  });

  it('keeps the style and the direction apart', () => {
    const regular = shapeLine('Total', 'regular');
    const bold = shapeLine('Total', 'bold');
    expect(same(bold, regular)).toBe(false);
    expect(same(bold.runs[0]!.font, regular.runs[0]!.font)).toBe(false);
    const ltr = shapeLine('Invoice שלום', 'regular');
    const rtl = shapeLine('Invoice שלום', 'regular', true);
    expect(rtl.runs.map((run) => run.x)).not.toEqual(ltr.runs.map((run) => run.x));
  });

  it("keeps each document language's Han forms: Japanese and Chinese documents never share a line", () => {
    const text = '直 骨 海';
    const chinese = withDocumentLanguage('zh-CN', () => shapeLine(text, 'regular'));
    const japanese = withDocumentLanguage('ja', () => shapeLine(text, 'regular'));
    expect(same(japanese.runs[0]!.font, chinese.runs[0]!.font)).toBe(false);
    expect(
      same(
        withDocumentLanguage('zh-CN', () => shapeLine(text, 'regular')),
        chinese,
      ),
    ).toBe(true);
    expect(
      same(
        withDocumentLanguage('ja', () => shapeLine(text, 'regular')),
        japanese,
      ),
    ).toBe(true);
  });

  it('shapes a line longer than it keeps anew each time, with the same result', () => {
    const long = 'Consulting and design services for the new website, '.repeat(3);
    const first = shapeLine(long, 'regular');
    const second = shapeLine(long, 'regular');
    expect(same(second, first)).toBe(false);
    expect(glyphs(second)).toEqual(glyphs(first));
  });
});

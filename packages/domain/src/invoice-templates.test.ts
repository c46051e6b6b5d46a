import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accentColorInputSchema,
  contrastRatio,
  isTemplateName,
  templateInputSchema,
  TEXT_CONTRAST,
  textAccent,
} from './invoice-templates';

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((channels) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('textAccent', () => {
  it('keeps a colour that is legible on white and darkens one that is not', () => {
    expect(textAccent('#1E3A8A')).toBe('#1e3a8a');
    expect(textAccent('#0f766e')).toBe('#0f766e');
    expect(textAccent('#f59e0b')).toBe('#a46907');
    expect(textAccent('#ffffff')).toBe('#757575');
  });

  it('always reaches 4.5:1 against white, keeps the hue, and never darkens more than needed', () => {
    fc.assert(
      fc.property(hex, (colour) => {
        const text = textAccent(colour);
        expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        if (contrastRatio(colour, '#ffffff') >= TEXT_CONTRAST) expect(text).toBe(colour);
        // Each channel scaled by one factor: their order is kept.
        const channels = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
        const [before, after] = [channels(colour), channels(text)];
        for (let i = 0; i < 3; i++) expect(after[i]!).toBeLessThanOrEqual(before[i]!);
      }),
    );
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('template and accent colour inputs', () => {
  it('accepts the three names and null, and refuses others', () => {
    for (const name of ['modern', 'classic', 'minimal']) expect(templateInputSchema.parse(name)).toBe(name);
    expect(templateInputSchema.parse(undefined)).toBeNull();
    expect(templateInputSchema.parse(null)).toBeNull();
    for (const bad of ['Modern', 'baroque', '', 1, '__proto__']) {
      expect(templateInputSchema.safeParse(bad).success).toBe(false);
      expect(isTemplateName(bad)).toBe(false);
    }
  });

  it('accepts #rrggbb in any case as lower case, and refuses other colours', () => {
    expect(accentColorInputSchema.parse('#0F766E')).toBe('#0f766e');
    expect(accentColorInputSchema.parse(null)).toBeNull();
    for (const bad of ['0f766e', '#0f766', '#0f766e0', 'teal', '#ggg000', 'rgb(0,0,0)', 5]) {
      expect(accentColorInputSchema.safeParse(bad).success).toBe(false);
    }
  });
});

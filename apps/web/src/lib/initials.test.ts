import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initials } from './initials';

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(({ segment }) => segment);

describe('initials', () => {
  it('takes the first letters of the first two words, upper case', () => {
    expect(initials('Café Lumière SARL')).toBe('CL');
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('Jean Paul Sartre')).toBe('JP');
    expect(initials('Unknown Customer')).toBe('UC');
    expect(initials('Globex')).toBe('G');
  });

  it('keeps accents, precomposed or written with a combining mark', () => {
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('e\u0301mile zola')).toBe('ÉZ'); // the same letter, decomposed: one initial
    expect(initials('Øresund Ærø')).toBe('ØÆ');
    expect(initials('ölçer İzmir')).toBe('Öİ');
    expect(initials('Μαρία Κάλλας')).toBe('ΜΚ');
    expect(initials('иван петров')).toBe('ИП');
    expect(initials('山田 太郎')).toBe('山太');
  });

  it('passes over emoji and punctuation words, and reads digits', () => {
    expect(initials('🎨 Studio Nord')).toBe('SN');
    expect(initials('Smith & Sons')).toBe('SS');
    expect(initials('— Acme')).toBe('A');
    expect(initials('(Acme) Ltd')).toBe('AL');
    expect(initials('3M Company')).toBe('3C');
    expect(initials('👩🏽‍💻 👨‍👩‍👧')).toBe('');
  });

  it('ignores extra and unusual spaces', () => {
    expect(initials('  Globex  ')).toBe('G');
    expect(initials('Café   Lumière')).toBe('CL');
    expect(initials('\tCafé\nLumière')).toBe('CL');
    expect(initials('Café\u00a0Lumière')).toBe('CL'); // no-break space
    expect(initials('Café\u3000Lumière')).toBe('CL'); // ideographic space
  });

  it('a letter that upper-cases to two keeps its own form', () => {
    expect(initials('ßtudio x')).toBe('ßX');
  });

  it('gives the fallback when the name has no letter; one letter when asked', () => {
    expect(initials('')).toBe('');
    expect(initials('', { fallback: '?' })).toBe('?');
    expect(initials('   ', { fallback: '?' })).toBe('?');
    expect(initials('🎉', { fallback: '?' })).toBe('?');
    expect(initials('Café Lumière', { max: 1 })).toBe('C');
    expect(initials('🎨 studio', { fallback: '?', max: 1 })).toBe('S');
  });

  it('for any name: the fallback, or one or two graphemes, each a letter or digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.constantFrom<1 | 2>(1, 2), (name, max) => {
        const letters = initials(name, { fallback: '?', max });
        if (letters === '?') return;
        const parts = graphemes(letters);
        expect(parts.length).toBeGreaterThanOrEqual(1);
        expect(parts.length).toBeLessThanOrEqual(max);
        for (const part of parts) expect(part).toMatch(/^[\p{L}\p{N}]/u);
        // Only white space separates words: the same name spaced otherwise gives the same initials.
        expect(initials(` ${name.split(/\s+/u).join('\t ')} `, { fallback: '?', max })).toBe(letters);
      }),
      { numRuns: 300 },
    );
  });
});

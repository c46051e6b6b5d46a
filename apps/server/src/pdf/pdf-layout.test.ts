import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { acquireInvoiceFonts } from './invoice-fonts';
import { normaliseText, setStyle, textWidth, wrapText } from './pdf-layout';

function measuringDoc(size = 10): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, font: null as unknown as string }).addPage();
  doc.registerFont('regular', acquireInvoiceFonts().regular as unknown as Uint8Array);
  return setStyle(doc, { weight: 'regular', size, color: '#000000' });
}

describe('wrapText', () => {
  const doc = measuringDoc();

  it('keeps every line within the width and every word', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(12).trim();
    const lines = wrapText(doc, text, 150);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(textWidth(doc, line)).toBeLessThanOrEqual(150);
    expect(lines.join(' ')).toBe(text);
  });

  it('breaks a word longer than the column between characters', () => {
    const word = 'Ä'.repeat(80);
    const lines = wrapText(doc, word, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(doc, line)).toBeLessThanOrEqual(60);
    expect(lines.join('')).toBe(word);
  });

  it('never splits a surrogate pair, even in a column narrower than one character', () => {
    const lines = wrapText(doc, '😀😀😀', 1);
    expect(lines).toEqual(['😀', '😀', '😀']);
  });

  it('keeps explicit and blank lines', () => {
    expect(wrapText(doc, 'a\r\n\r\nb\nc', 500)).toEqual(['a', '', 'b', 'c']);
  });
});

describe('text helpers', () => {
  it('normalises line breaks, tabs and control characters', () => {
    expect(normaliseText('  a\tb\u0007\rc\u2028d  ')).toBe('a    b\nc\nd');
  });
});

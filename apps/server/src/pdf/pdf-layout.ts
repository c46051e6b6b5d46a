import type { FontWeight } from './invoice-fonts';

/**
 * Layout helpers shared by the templates. Templates wrap and place every line themselves and draw it
 * with `lineBreak: false`, so pdfkit never wraps or adds a page on its own: heights are known before
 * drawing, which is what lets rows stay whole and blocks stay together across page breaks.
 */

export type Doc = PDFKit.PDFDocument;

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface TextStyle {
  weight: FontWeight;
  size: number;
  color: string;
}

export function setStyle(doc: Doc, style: TextStyle): Doc {
  return doc.font(style.weight).fontSize(style.size).fillColor(style.color);
}

/** Height of one line of text in this style (ascent + descent + line gap of the font). */
export function lineHeightOf(doc: Doc, style: TextStyle): number {
  return setStyle(doc, style).currentLineHeight(true);
}

// C0/C1 controls other than tab and newline would only map to .notdef boxes.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Unifies line breaks, expands tabs and drops control characters; trims the ends. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, '    ')
    .replace(CONTROL_CHARS, '')
    .trim();
}

/**
 * Greedy word wrap of `text` in the document's current font and size into lines no wider than
 * `width`. Explicit newlines are kept (blank lines too); a word wider than the column is broken
 * between characters, so no line ever overflows its column.
 */
export function wrapText(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  const space = doc.widthOfString(' ');
  for (const paragraph of normaliseText(text).split('\n')) {
    const words = paragraph.split(' ').filter((word) => word !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = doc.widthOfString(word);
      if (line !== '' && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      const pieces = breakWord(doc, word, width);
      line = pieces.pop() ?? '';
      lineWidth = doc.widthOfString(line);
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}

/** Splits a word into pieces no wider than `width` (at least one character each, by code point). */
function breakWord(doc: Doc, word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const char of word) {
    const charWidth = doc.widthOfString(char);
    if (piece !== '' && pieceWidth + charWidth > width) {
      pieces.push(piece);
      piece = '';
      pieceWidth = 0;
    }
    piece += char;
    pieceWidth += charWidth;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** Draws one already-wrapped line with its top at `y`, left-aligned at `x` or right-aligned to `x`. */
export function drawLine(doc: Doc, text: string, x: number, y: number, align: 'left' | 'right' = 'left'): void {
  if (text === '') return;
  const left = align === 'right' ? x - doc.widthOfString(text) : x;
  doc.text(text, left, y, { lineBreak: false });
}

/** A run of wrapped lines in one style. */
export interface TextBlock {
  style: TextStyle;
  lines: string[];
  lineHeight: number;
}

export function textBlock(doc: Doc, text: string, style: TextStyle, width: number): TextBlock {
  const lineHeight = lineHeightOf(doc, style);
  return { style, lines: wrapText(doc, text, width), lineHeight };
}

export function blockHeight(block: TextBlock): number {
  return block.lines.length * block.lineHeight;
}

/** Draws a block entirely at (x, y), returning the y below it. */
export function drawBlock(doc: Doc, block: TextBlock, x: number, y: number, align: 'left' | 'right' = 'left'): number {
  setStyle(doc, block.style);
  let lineY = y;
  for (const line of block.lines) {
    drawLine(doc, line, x, lineY, align);
    lineY += block.lineHeight;
  }
  return lineY;
}

export interface PageFrame {
  /** First y for content on a page. */
  top: number;
  /** Content must end at or above this y; the footer lives below it. */
  bottom: number;
}

/**
 * Tracks the vertical position and breaks pages. `onNewPage` lets a template draw repeating
 * content (the items table header) at the top of each page it adds.
 */
export class PageFlow {
  y: number;
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly doc: Doc,
    readonly frame: PageFrame,
  ) {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = frame.top;
  }

  /** Height available below the current position on this page. */
  get remaining(): number {
    return this.frame.bottom - this.y;
  }

  get atPageTop(): boolean {
    return this.y <= this.frame.top;
  }

  newPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = this.frame.top;
    this.onNewPage?.();
  }

  /** Starts a new page unless `height` fits below the current position (or the page is still empty). */
  ensure(height: number): void {
    if (height > this.remaining && !this.atPageTop) this.newPage();
  }

  /** Draws a block line by line, breaking pages between lines where needed. */
  flowBlock(block: TextBlock, x: number, align: 'left' | 'right' = 'left'): void {
    setStyle(this.doc, block.style);
    for (const line of block.lines) {
      if (block.lineHeight > this.remaining) {
        this.newPage();
        setStyle(this.doc, block.style); // the new page's header may have changed it
      }
      drawLine(this.doc, line, x, this.y, align);
      this.y += block.lineHeight;
    }
  }
}

/** Whole quantities with thousands separators, "1,000". */
export function formatQuantity(quantity: number): string {
  return String(quantity).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

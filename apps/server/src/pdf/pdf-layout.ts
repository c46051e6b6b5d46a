import { primaryFont, type FontName } from './invoice-fonts';
import { drawShapedLine } from './pdf-text';
import { addPageKeepingMarks } from './pdf-tags';
import { baseDirectionOf, breakUnits, graphemeClusters, shapeLine } from './text-runs';

/**
 * Layout helpers shared by the templates. Templates wrap and place every line themselves and draw it
 * with `lineBreak: false`, so pdfkit never wraps or adds a page on its own: heights are known before
 * drawing, which is what lets rows stay whole and blocks stay together across page breaks.
 */

export type Doc = PDFKit.PDFDocument;

/** A page's size in PDF points (PAPER_POINTS of packages/domain/src/invoice-templates.ts). */
export interface PaperPoints {
  readonly width: number;
  readonly height: number;
}

export interface TextStyle {
  weight: FontName;
  size: number;
  color: string;
}

/** The style each document last set: what textWidth, wrapText and drawLine measure and draw with. */
const currentStyles = new WeakMap<Doc, TextStyle>();

export function setStyle(doc: Doc, style: TextStyle): Doc {
  currentStyles.set(doc, style);
  // Noto Serif joins a document the first time a style names it (render-invoice-pdf.ts registers Noto Sans).
  const registered = (doc as unknown as { _registeredFonts: Record<string, unknown> })._registeredFonts;
  if (!registered[style.weight])
    doc.registerFont(style.weight, primaryFont(style.weight).font as unknown as Uint8Array);
  return doc.font(style.weight).fontSize(style.size).fillColor(style.color);
}

function currentStyle(doc: Doc): TextStyle {
  const style = currentStyles.get(doc);
  if (!style) throw new Error('Set a text style (setStyle) before measuring or drawing text.');
  return style;
}

/**
 * The width of one line of text in the current style, measured on the runs it is drawn with (each
 * script in its own font, shaped), in the given base direction.
 */
export function textWidth(doc: Doc, text: string, direction: Direction = 'ltr'): number {
  const style = currentStyle(doc);
  return (shapeLine(text, style.weight, direction === 'rtl').advance * style.size) / 1000;
}

export type Direction = 'ltr' | 'rtl';

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
 * Greedy word wrap of `text` in the current style into lines no wider than `width`. Explicit newlines
 * are kept (blank lines too). Lines break at spaces, and inside the space-less text of Chinese,
 * Japanese and Thai between the words ICU finds; a word wider than the column is broken between
 * grapheme clusters, so no line ever overflows its column and no syllable or emoji is cut.
 */
export function wrapText(doc: Doc, text: string, width: number, direction: Direction = 'ltr'): string[] {
  const measure = (piece: string) => textWidth(doc, piece, direction);
  const lines: string[] = [];
  const space = measure(' ');
  for (const paragraph of normaliseText(text).split('\n')) {
    const words = paragraph.split(' ').filter((word) => word !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const units = breakUnits(word);
      for (let u = 0; u < units.length; u++) {
        const unit = units[u]!;
        const glue = u === 0 ? ' ' : '';
        const unitWidth = measure(unit);
        const glueWidth = glue ? space : 0;
        if (line !== '' && lineWidth + glueWidth + unitWidth <= width) {
          line += glue + unit;
          lineWidth += glueWidth + unitWidth;
          continue;
        }
        if (line !== '') lines.push(line);
        if (unitWidth <= width) {
          line = unit;
          lineWidth = unitWidth;
          continue;
        }
        const pieces = breakWord(unit, width, measure);
        line = pieces.pop() ?? '';
        lineWidth = measure(line);
        lines.push(...pieces);
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Splits a word into pieces no wider than `width` (at least one grapheme cluster each): clusters are
 * measured one by one and added up, and each piece is measured whole once (joined Arabic letters are
 * narrower or wider than alone), giving back its last clusters while it is too wide.
 */
function breakWord(word: string, width: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece: string[] = [];
  let pieceWidth = 0;
  const close = () => {
    while (piece.length > 1 && measure(piece.join('')) > width) {
      const carried: string[] = [];
      while (piece.length > 1 && measure(piece.join('')) > width) carried.unshift(piece.pop()!);
      pieces.push(piece.join(''));
      piece = carried;
    }
    if (piece.length > 0) pieces.push(piece.join(''));
    piece = [];
    pieceWidth = 0;
  };
  for (const cluster of graphemeClusters(word)) {
    const clusterWidth = measure(cluster);
    if (piece.length > 0 && pieceWidth + clusterWidth > width) close();
    piece.push(cluster);
    pieceWidth += clusterWidth;
  }
  close();
  return pieces;
}

/**
 * Draws one already-wrapped line with its top at `y`, left-aligned at `x` or right-aligned to `x`, in
 * the current style, laid out in the given base direction (by default its own: an Arabic label or date
 * such as "21 نوفمبر 2026" reads right to left, docs/decisions/0061-the-document-language.md).
 */
export function drawLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  align: 'left' | 'right' = 'left',
  direction: Direction = baseDirectionOf(text),
): void {
  if (text === '') return;
  const style = currentStyle(doc);
  const line = shapeLine(text, style.weight, direction === 'rtl');
  const left = align === 'right' ? x - (line.advance * style.size) / 1000 : x;
  const ascender = (doc as unknown as { _font: { ascender: number } })._font.ascender;
  drawShapedLine(doc, line, left, y, style.size, ascender);
}

/** A run of wrapped lines in one style. */
export interface TextBlock {
  style: TextStyle;
  lines: string[];
  lineHeight: number;
  /** The column it was wrapped to. */
  width: number;
  /** The base direction of its text (its first strong character): a right-to-left block aligns right. */
  direction: Direction;
}

export function textBlock(doc: Doc, text: string, style: TextStyle, width: number): TextBlock {
  const lineHeight = lineHeightOf(doc, style);
  const direction = baseDirectionOf(text);
  return { style, lines: wrapText(doc, text, width, direction), lineHeight, width, direction };
}

export function blockHeight(block: TextBlock): number {
  return block.lines.length * block.lineHeight;
}

/**
 * Where a line of the block is drawn: a left-aligned block whose text runs right to left is aligned
 * to the right edge of its column instead (docs/product/invoices.md#scripts-and-fonts).
 */
function placement(block: TextBlock, x: number, align: 'left' | 'right'): { x: number; align: 'left' | 'right' } {
  return align === 'left' && block.direction === 'rtl' ? { x: x + block.width, align: 'right' } : { x, align };
}

/** Draws a block entirely at (x, y), returning the y below it. */
export function drawBlock(doc: Doc, block: TextBlock, x: number, y: number, align: 'left' | 'right' = 'left'): number {
  setStyle(doc, block.style);
  const at = placement(block, x, align);
  let lineY = y;
  for (const line of block.lines) {
    drawLine(doc, line, at.x, lineY, at.align, block.direction);
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
    private readonly paper: PaperPoints,
  ) {
    this.addPage();
    this.y = frame.top;
  }

  /** Height available below the current position on this page. */
  get remaining(): number {
    return this.frame.bottom - this.y;
  }

  get atPageTop(): boolean {
    return this.y <= this.frame.top;
  }

  private addPage(): void {
    this.doc.addPage({ size: [this.paper.width, this.paper.height], margin: 0 });
  }

  /** A block of a tagged element that runs on continues in the same element on the next page. */
  newPage(): void {
    addPageKeepingMarks(
      this.doc,
      () => this.addPage(),
      () => {
        this.y = this.frame.top;
        this.onNewPage?.();
      },
    );
  }

  /** Starts a new page unless `height` fits below the current position (or the page is still empty). */
  ensure(height: number): void {
    if (height > this.remaining && !this.atPageTop) this.newPage();
  }

  /** Draws a block line by line, breaking pages between lines where needed. */
  flowBlock(block: TextBlock, x: number, align: 'left' | 'right' = 'left'): void {
    setStyle(this.doc, block.style);
    const at = placement(block, x, align);
    for (const line of block.lines) {
      if (block.lineHeight > this.remaining) {
        this.newPage();
        setStyle(this.doc, block.style); // the new page's header may have changed it
      }
      drawLine(this.doc, line, at.x, this.y, at.align, block.direction);
      this.y += block.lineHeight;
    }
  }
}

import { formatIban } from '@invoicer/domain/bank-account';
import { formatDateForReader } from '@invoicer/domain/dates';
import { amountDueSummary } from '@invoicer/domain/amount-due';
import { labelsFor, type DocumentLabels } from '@invoicer/domain/document-labels';
import { formatMoney, formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentForReader } from '@invoicer/domain/percent';
import { formatQuantityWithUnit } from '@invoicer/domain/quantity';
import {
  blockHeight,
  drawBlock,
  drawLine,
  lineHeightOf,
  PageFlow,
  setStyle,
  textBlock,
  textWidth,
  type Doc,
  type TextBlock,
  type TextStyle,
} from '../pdf-layout';
import { artifact, content, documentRoot, element, tagged, type Element } from '../pdf-tags';
import { darkRuns, QR_QUIET_ZONE } from '../payment-qr';
import type { TemplateName } from '@invoicer/domain/invoice-templates';
import { PAPER_POINTS, textAccent } from '@invoicer/domain/invoice-templates';
import type { VatBreakdown } from '@invoicer/domain/totals';
import type { InvoiceTemplate, TemplateInput } from './invoice-template';

/**
 * The one layout of every template (docs/decisions/0062-three-templates-and-the-accent-colour.md): the
 * header, parties, items table, totals, payment details, terms and footers, with the multi-page rules
 * (repeated table header, rows never split, totals kept together, "Page X of Y"). A template is a
 * TemplateLook, a description of fonts, colours, rules and spacing; none has layout code of its own.
 */

export type StyleName =
  | 'title'
  | 'number'
  | 'metaLabel'
  | 'metaValue'
  | 'label'
  | 'partyName'
  | 'party'
  | 'tableHead'
  | 'cell'
  | 'description'
  | 'totalLabel'
  | 'totalValue'
  | 'grandTotal'
  | 'body'
  | 'footer';

export interface TemplateLook {
  readonly name: TemplateName;
  /** The accent colour when neither the invoice nor the account names one. */
  readonly accent: string;
  readonly margin: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };
  /** The text styles; `accent` is the accent colour made legible on white (textAccent). */
  styles(accent: string): Record<StyleName, TextStyle>;
  /** Strokes and fills; `accent` is the colour as chosen (rules and fills need no text contrast). */
  paint(accent: string): Paint;
  /** The sender block at the top left beside the title (Classic) instead of beside the client. */
  readonly senderInHeader: boolean;
  /** Multiplies the vertical gaps between sections (Minimal's white space). */
  readonly spacing: number;
  /** Space above and below the text of a table row. */
  readonly cellPadY: number;
  /** The logo's box at the top left is 180 pt wide and this high (Classic's is lower: its sender block is under it). */
  readonly logoHeight: number;
}

export interface Paint {
  /** Under the header, across the page; null for none. */
  headerRule: Stroke | null;
  /** The table header's background; null for none. */
  headFill: string | null;
  /** Above and below the table header; null for none. */
  headRules: Stroke | null;
  /** Under each row. */
  rowRule: Stroke;
  /** Above Total. */
  totalRule: Stroke;
  /** Above the footer. */
  footerRule: Stroke | null;
}

export interface Stroke {
  color: string;
  width: number;
}

/** The page geometry of one document, from its look. */
interface Page {
  left: number;
  right: number;
  width: number;
  frame: { top: number; bottom: number };
  footerY: number;
  /** Multiplies the gaps between sections: 1, or less on a short paper. */
  economy: number;
}

/** What every drawing function of one document shares. */
interface Ctx {
  input: TemplateInput;
  look: TemplateLook;
  style: Record<StyleName, TextStyle>;
  paint: Paint;
  page: Page;
  /** Every fixed string, in the document's language (docs/decisions/0061-the-document-language.md). */
  labels: DocumentLabels;
  /** The document's language tag: the formats of its dates, amounts and percentages. */
  language: string;
  /** The Document element of the tagged PDF: sections join it in reading order (docs/decisions/0068-tagged-invoice-pdfs.md). */
  root: Element;
}

/** A template made of a look: the engine renders, the look decides how it looks. */
export function templateOf(look: TemplateLook): InvoiceTemplate {
  return {
    name: look.name,
    render(input) {
      const paper = PAPER_POINTS[input.paper];
      const short = input.paper === 'letter';
      const page: Page = {
        left: look.margin.left,
        right: paper.width - look.margin.right,
        width: paper.width - look.margin.right - look.margin.left,
        frame: {
          top: look.margin.top - (short ? LETTER_ECONOMY.top : 0),
          bottom: paper.height - look.margin.bottom,
        },
        footerY: paper.height - look.margin.bottom + 28,
        economy: short ? LETTER_ECONOMY.gaps : 1,
      };
      const ctx: Ctx = {
        input,
        look,
        style: look.styles(textAccent(input.accentColor)),
        paint: look.paint(input.accentColor),
        page,
        labels: labelsFor(input.language),
        language: input.language,
        root: documentRoot(input.doc),
      };
      const flow = new PageFlow(input.doc, page.frame, paper);
      drawHeader(ctx, flow);
      drawParties(ctx, flow);
      const totals = totalsBlock(ctx);
      drawItems(ctx, flow, totals.height);
      flow.ensure(totals.height); // the totals stay together
      totals.draw(flow);
      drawPaymentDetails(ctx, flow);
      drawSection(ctx, flow, ctx.labels.terms, input.invoice.terms);
      drawFooters(ctx);
    },
  };
}

/** A decorative rule: an artifact, not content. */
function stroke(doc: Doc, x1: number, y1: number, x2: number, y2: number, line: Stroke): void {
  artifact(doc, () => doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(line.width).strokeColor(line.color).stroke());
}

const gap = (ctx: Ctx, points: number): number => points * ctx.look.spacing * ctx.page.economy;

/**
 * US Letter is 50 pt shorter than A4: its section gaps shrink by half, its top margin by 16 pt and its rows' padding by 1 pt, so
 * a typical invoice still fits one page (docs/decisions/0063-page-economy-and-paper-size.md).
 */
const LETTER_ECONOMY = { gaps: 0.5, top: 16, rowPadding: 1 } as const;

const LOGO_WIDTH = 180;
const HEADER_RIGHT_WIDTH = 260;
const PARTY_GAP = 32;
const CELL_PAD_X = 8;
const TOTALS_WIDTH = 260;
/**
 * The payment QR code's side: 30 mm, above the 2 × 2 cm EPC guidance asks for even at version 13
 * (69 modules of 1.2 pt); its quiet zone is left blank around it.
 */
const PAYMENT_QR_SIDE = (30 / 25.4) * 72;
const PAYMENT_QR_GAP = 18;

interface Column {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** The title, number and dates, right-aligned; returns the y below them. */
function drawTitleBlock({ input: { doc, invoice }, style, page, labels, language, root }: Ctx, top: number): number {
  let y = top;
  tagged(doc, root, 'H1', () => {
    y = drawBlock(doc, textBlock(doc, labels.invoice, style.title, HEADER_RIGHT_WIDTH), page.right, top, 'right');
  });
  if (invoice.invoiceNumber) {
    tagged(doc, root, 'P', () => {
      y = drawBlock(
        doc,
        textBlock(doc, labels.invoiceNumber(invoice.invoiceNumber), style.number, HEADER_RIGHT_WIDTH),
        page.right,
        y,
        'right',
      );
    });
  }
  y += 8;
  const dates: Array<[string, string | null]> = [
    [labels.issued, invoice.issuedDate],
    [labels.due, invoice.dueDate],
  ];
  for (const [label, date] of dates) {
    if (!date) continue;
    const value = formatDateForReader(date, language);
    const height = lineHeightOf(doc, style.metaValue); // also selects the value style for measuring
    const valueWidth = textWidth(doc, value);
    tagged(doc, root, 'P', () => {
      setStyle(doc, style.metaLabel);
      drawLine(doc, label, page.right - valueWidth - 8, y + (height - lineHeightOf(doc, style.metaLabel)), 'right');
      setStyle(doc, style.metaValue);
      drawLine(doc, value, page.right, y, 'right');
    });
    y += height + 2;
  }
  return y;
}

/** pdfkit's decoded image (doc.openImage), which doc.image also takes. */
interface OpenedImage {
  embed(doc: Doc): void;
}

/** The logo at the top left (an undecodable one is left out), a Figure with alternative text; returns the y below it. */
function drawLogo({ input: { doc, logo, invoice }, page, look, labels, root }: Ctx, top: number): number {
  if (!logo) return top;
  let image: OpenedImage;
  try {
    // Decoded and embedded before its Figure opens, so a failure leaves no empty element behind.
    image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(logo);
    image.embed(doc);
  } catch {
    return top; // an undecodable logo is left out rather than failing the invoice
  }
  const sender = invoice.from.trim().split(/\r?\n/, 1)[0] ?? '';
  // In the document's language, which the element inherits (docs/decisions/0075-the-account-default-language.md).
  tagged(
    doc,
    root,
    'Figure',
    () => doc.image(image as unknown as Buffer, page.left, top, { fit: [LOGO_WIDTH, look.logoHeight] }),
    { alt: sender ? labels.logoOf(sender) : labels.logo },
  );
  return top + look.logoHeight;
}

function drawHeader(ctx: Ctx, flow: PageFlow): void {
  const { input, look, paint, page } = ctx;
  const top = flow.y;
  let leftBottom = drawLogo(ctx, top);
  const titleBottom = drawTitleBlock(ctx, top);
  let flowed = false;
  if (look.senderInHeader) {
    // The sender block under the logo, left of the title (Classic), as on a letterhead.
    const width = page.width - HEADER_RIGHT_WIDTH - PARTY_GAP;
    const blocks = partyBlocks(ctx, ctx.labels.from, input.invoice.from, width);
    if (leftBottom > top) leftBottom += 10;
    if (leftBottom + stackHeight(blocks) <= flow.frame.bottom) {
      tagged(input.doc, ctx.root, 'P', () => {
        for (const block of blocks) leftBottom = drawBlock(input.doc, block, page.left, leftBottom) + 3;
      });
    } else {
      // A sender longer than the page: under the title, flowing across pages.
      flow.y = Math.max(leftBottom, titleBottom) + 12;
      tagged(input.doc, ctx.root, 'P', () => {
        for (const block of blocks) {
          flow.flowBlock(block, page.left);
          flow.y += 3;
        }
      });
      leftBottom = flow.y;
      flowed = true;
    }
  }
  // What is due and by when, at a glance (issue 16), under the shorter of the header's two columns (the logo and
  // the sender at the left, the title and dates at the right), so the header grows by a few points at most.
  const { invoice, totals, paid } = input;
  const summary = amountDueSummary({
    amountDueMinor: paid ? paid.balanceDueMinor : totals.total,
    amountPaidMinor: paid ? paid.amountPaidMinor : 0,
    currency: invoice.currency,
    dueDate: invoice.dueDate,
    language: ctx.language,
  });
  const summaryStyle = { ...ctx.style.metaValue, size: ctx.style.metaValue.size + 1 };
  let rightBottom = titleBottom;
  tagged(input.doc, ctx.root, 'P', () => {
    if (flowed) {
      // After a sender that ran across pages: next in the flow.
      flow.flowBlock(textBlock(input.doc, summary, summaryStyle, page.width), page.left);
      leftBottom = flow.y;
    } else if (leftBottom <= titleBottom) {
      const block = textBlock(input.doc, summary, summaryStyle, page.width - HEADER_RIGHT_WIDTH - PARTY_GAP);
      leftBottom = drawBlock(input.doc, block, page.left, leftBottom === top ? top + 8 : leftBottom + 8);
    } else {
      const block = textBlock(input.doc, summary, summaryStyle, HEADER_RIGHT_WIDTH);
      rightBottom = drawBlock(input.doc, block, page.right, titleBottom + 6, 'right');
    }
  });
  flow.y = Math.max(leftBottom, rightBottom) + gap(ctx, 14);
  if (paint.headerRule && flow.y < flow.frame.bottom) {
    stroke(input.doc, page.left, flow.y, page.right, flow.y, paint.headerRule);
  }
  flow.y += gap(ctx, 14);
}

/** The party text: its first line bold as the name, the rest as the address lines. */
function partyBlocks({ input: { doc }, style }: Ctx, label: string, text: string, width: number): TextBlock[] {
  const [name = '', ...rest] = text.split(/\r\n?|\n/);
  return [
    textBlock(doc, label, style.label, width),
    textBlock(doc, name, style.partyName, width),
    textBlock(doc, rest.join('\n'), style.party, width),
  ].filter((block) => block.lines.some((line) => line !== ''));
}

const stackHeight = (blocks: TextBlock[]): number => blocks.reduce((sum, block) => sum + blockHeight(block) + 3, 0);

function drawParties(ctx: Ctx, flow: PageFlow): void {
  const { input, look, page } = ctx;
  const { doc, invoice } = input;
  const width = (page.width - PARTY_GAP) / 2;
  const columns = [
    ...(look.senderInHeader ? [] : [{ x: page.left, blocks: partyBlocks(ctx, ctx.labels.from, invoice.from, width) }]),
    {
      x: look.senderInHeader ? page.left : page.left + width + PARTY_GAP,
      blocks: partyBlocks(ctx, look.senderInHeader ? ctx.labels.billTo : ctx.labels.to, invoice.to, width),
    },
  ];
  const heights = columns.map(({ blocks }) => stackHeight(blocks));
  if (Math.max(...heights) <= flow.remaining) {
    // The usual case: side by side.
    for (const { x, blocks } of columns) {
      let y = flow.y;
      tagged(doc, ctx.root, 'P', () => {
        for (const block of blocks) y = drawBlock(doc, block, x, y) + 3;
      });
    }
    flow.y += Math.max(...heights);
  } else {
    // Parties too long for one page: stacked, each flowing across pages.
    for (const { blocks } of columns) {
      tagged(doc, ctx.root, 'P', () => {
        for (const block of blocks) {
          flow.flowBlock(block, page.left);
          flow.y += 3;
        }
      });
      flow.y += 12;
    }
  }
  flow.y += gap(ctx, 24);
}

interface Row {
  name: TextBlock;
  description: TextBlock | null;
  cells: TextBlock[];
  height: number;
}

/** The last rows that always share a page with the totals (when the table has that many). */
const ROWS_WITH_TOTALS = 2;

function drawItems(ctx: Ctx, flow: PageFlow, totalsHeight: number): void {
  const { input, style, paint, page, look, language } = ctx;
  const { doc, invoice, totals } = input;
  const padY = look.cellPadY - (page.economy < 1 ? LETTER_ECONOMY.rowPadding : 0);
  const texts = invoice.items.map((item, index) => ({
    quantity: formatQuantityWithUnit(item.quantity, item.unit, language),
    rate: formatMoneyForReader(item.unitCost, invoice.currency, language),
    amount: formatMoneyForReader(totals.lines[index] ?? 0, invoice.currency, language),
  }));
  const columns = tableColumns(ctx, texts);
  const [itemColumn, ...numberColumns] = columns as [Column, ...Column[]];
  const headHeight = lineHeightOf(doc, style.tableHead) + 2 * padY;

  // One Table across pages: its header row (TH) once; the header repeated on later pages is an artifact.
  const table = element(doc, ctx.root, 'Table');
  const drawHead = (repeated: boolean): void => {
    const fill = paint.headFill;
    if (fill) artifact(doc, () => doc.rect(page.left, flow.y, page.width, headHeight).fill(fill));
    if (paint.headRules) {
      stroke(doc, page.left, flow.y, page.right, flow.y, paint.headRules);
      stroke(doc, page.left, flow.y + headHeight, page.right, flow.y + headHeight, paint.headRules);
    }
    setStyle(doc, style.tableHead);
    const headRow = repeated ? null : element(doc, table, 'TR');
    for (const column of columns) {
      const x = column.align === 'right' ? column.x + column.width - CELL_PAD_X : column.x + CELL_PAD_X;
      const draw = () => drawLine(doc, column.title, x, flow.y + padY, column.align);
      if (headRow) tagged(doc, headRow, 'TH', draw, { scope: 'Column' });
      else artifact(doc, draw, 'Pagination');
    }
    flow.y += headHeight;
  };

  const innerWidth = (column: Column): number => Math.max(1, column.width - 2 * CELL_PAD_X);
  const rows: Row[] = invoice.items.map((item, index) => {
    const text = texts[index]!;
    const name = textBlock(doc, item.name, style.cell, innerWidth(itemColumn));
    const description = item.description
      ? textBlock(doc, item.description, style.description, innerWidth(itemColumn))
      : null;
    const cells = [text.quantity, text.rate, text.amount].map((value, i) =>
      textBlock(doc, value, style.cell, innerWidth(numberColumns[i]!)),
    );
    const itemHeight = blockHeight(name) + (description ? 2 + blockHeight(description) : 0);
    const height = 2 * padY + Math.max(itemHeight, ...cells.map(blockHeight));
    return { name, description, cells, height };
  });

  const pageCapacity = page.frame.bottom - page.frame.top - headHeight;
  // The last rows and the totals: they go to the next page together rather than leave the totals alone.
  const keepFrom = Math.max(0, rows.length - ROWS_WITH_TOTALS);
  const keptHeight = rows.slice(keepFrom).reduce((sum, row) => sum + row.height, 0) + totalsHeight;
  const keepTogether = keptHeight <= pageCapacity;
  // The header needs the first row under it (or, for a row taller than a page, its first line); a short
  // table also its rows and totals.
  const first = rows[0];
  flow.ensure(
    headHeight +
      (keepFrom === 0 && keepTogether
        ? keptHeight
        : !first
          ? 0
          : first.height <= pageCapacity
            ? first.height
            : 2 * padY + first.name.lineHeight),
  );
  drawHead(false);
  flow.onNewPage = () => drawHead(true);

  for (const [index, row] of rows.entries()) {
    if (index === keepFrom && index > 0 && keepTogether && keptHeight > flow.remaining) flow.newPage();
    if (row.height > flow.remaining) {
      // A row never splits unless it is taller than a whole page; then it starts on a fresh page.
      if (row.height <= pageCapacity || flow.y > page.frame.top + headHeight) flow.newPage();
    }
    const top = flow.y;
    // A row: the item cell (name and description), then the numbers, whatever order they are drawn in.
    const tr = element(doc, table, 'TR');
    const itemCell = element(doc, tr, 'TD');
    const numberCells = row.cells.map(() => element(doc, tr, 'TD'));
    const drawCells = (): void =>
      row.cells.forEach((cell, i) => {
        const column = numberColumns[i]!;
        content(numberCells[i]!, () => drawBlock(doc, cell, column.x + column.width - CELL_PAD_X, top + padY, 'right'));
      });
    // Drawn in reading order (name, numbers, description), which is the order text extraction sees.
    if (row.height <= flow.remaining) {
      let y = top;
      content(itemCell, () => (y = drawBlock(doc, row.name, itemColumn.x + CELL_PAD_X, top + padY)));
      drawCells();
      const description = row.description;
      if (description) content(itemCell, () => drawBlock(doc, description, itemColumn.x + CELL_PAD_X, y + 2));
      flow.y = top + row.height;
    } else {
      drawCells();
      flow.y = top + padY;
      content(itemCell, () => {
        flow.flowBlock(row.name, itemColumn.x + CELL_PAD_X);
        if (row.description) {
          flow.y += 2;
          flow.flowBlock(row.description, itemColumn.x + CELL_PAD_X);
        }
      });
      flow.y += padY;
    }
    stroke(doc, page.left, flow.y, page.right, flow.y, paint.rowRule);
  }
  flow.onNewPage = null;
}

/** Item / Qty / Rate / Amount; number columns as wide as their widest value, within bounds. */
function tableColumns(
  { input: { doc }, style, page, labels }: Ctx,
  texts: Array<{ quantity: string; rate: string; amount: string }>,
): Column[] {
  const widest = (title: string, values: string[], min: number, max: number): number => {
    setStyle(doc, style.tableHead);
    let width = textWidth(doc, title);
    setStyle(doc, style.cell);
    for (const value of values) width = Math.max(width, textWidth(doc, value));
    return Math.min(max, Math.max(min, Math.ceil(width) + 2 * CELL_PAD_X + 1));
  };
  // Up to 100 pt: a quantity of 3 decimals, "999,999,999.999" (about 72 pt), stays unbroken in every
  // template's cell font (ADR 60); a long unit wraps under it.
  const quantity = widest(
    labels.quantity,
    texts.map((t) => t.quantity),
    48,
    100,
  );
  const rate = widest(
    labels.rate,
    texts.map((t) => t.rate),
    80,
    130,
  );
  const amount = widest(
    labels.amount,
    texts.map((t) => t.amount),
    90,
    140,
  );
  const item = page.width - quantity - rate - amount;
  return [
    { title: labels.item, x: page.left, width: item, align: 'left' },
    { title: labels.quantity, x: page.left + item, width: quantity, align: 'right' },
    { title: labels.rate, x: page.left + item + quantity, width: rate, align: 'right' },
    { title: labels.amount, x: page.left + item + quantity + rate, width: amount, align: 'right' },
  ];
}

/** One row of the totals: a label and its amount, an optional note under the label (a VAT exemption reason). */
interface TotalsRow {
  label: TextBlock;
  value: TextBlock;
  note?: TextBlock;
  gap: number;
  rule: boolean;
}

/** The totals, measured before the table is drawn, so the last rows can go with them (docs/decisions/0063-page-economy-and-paper-size.md). */
function totalsBlock(ctx: Ctx): { height: number; draw: (flow: PageFlow) => void } {
  const { input, style, paint, page, labels, language } = ctx;
  const { doc, invoice, totals, paid } = input;
  const money = (minor: number): string => formatMoneyForReader(minor, invoice.currency, language);
  const lines: Array<[string, string]> = [[labels.subtotal, money(totals.subtotal)]];
  // Simple mode: the invoice's one tax. VAT mode prints the breakdown below instead (ADR 69: the tax adjustment is unused).
  if (invoice.tax.enabled && !totals.vat) {
    lines.push([adjustmentLabel(labels.tax, invoice.tax, language), money(totals.tax)]);
  }
  if (invoice.discount.enabled) {
    lines.push([adjustmentLabel(labels.discount, invoice.discount, language), money(-totals.discount)]);
  }
  if (invoice.shipping.enabled) lines.push([labels.shipping, money(totals.shipping)]);

  const x = page.right - TOTALS_WIDTH;
  const vat = totals.vat ? vatLines(ctx, totals.vat, totals.subtotal - totals.discount + totals.shipping) : [];
  // VAT mode: "VAT 19% of €12,345.67" is longer than the other labels, so every label takes what the widest amount
  // leaves (one column edge for all rows, in both directions); simple mode keeps its columns.
  let labelWidth = 110;
  if (totals.vat) {
    const amounts = [...lines.map(([, value]) => value), ...vat.map(([, value]) => value)];
    setStyle(doc, style.totalValue);
    let widest = Math.max(...amounts.map((value) => textWidth(doc, value)));
    setStyle(doc, style.grandTotal);
    widest = Math.max(
      widest,
      textWidth(doc, money(totals.total)),
      ...(paid ? [textWidth(doc, money(paid.balanceDueMinor))] : []),
    );
    labelWidth = Math.max(110, TOTALS_WIDTH - 2 * CELL_PAD_X - Math.ceil(widest) - 8);
  }
  const valueWidth = TOTALS_WIDTH - labelWidth - CELL_PAD_X;
  const rows: TotalsRow[] = [
    ...lines.map(([label, value]) => ({
      label: textBlock(doc, label, style.totalLabel, labelWidth),
      value: textBlock(doc, value, style.totalValue, valueWidth),
      gap: 5,
      rule: false,
    })),
    ...vat.map(([label, value, note]) => ({
      label: textBlock(doc, label, style.totalLabel, labelWidth),
      value: textBlock(doc, value, style.totalValue, valueWidth),
      ...(note ? { note: textBlock(doc, note, style.totalLabel, TOTALS_WIDTH - 2 * CELL_PAD_X) } : {}),
      gap: 5,
      rule: false,
    })),
    {
      label: textBlock(doc, labels.total, style.grandTotal, labelWidth),
      value: textBlock(doc, money(totals.total), style.grandTotal, valueWidth),
      gap: paid ? 8 : 0,
      rule: true,
    },
    // Once a payment exists: what was paid and what is still due (docs/product/payments.md#on-the-pdf-and-the-public-page).
    ...(paid
      ? [
          {
            label: textBlock(doc, labels.amountPaid, style.totalLabel, labelWidth),
            value: textBlock(doc, money(paid.amountPaidMinor), style.totalValue, valueWidth),
            gap: 5,
            rule: false,
          },
          {
            label: textBlock(doc, labels.balanceDue, style.grandTotal, labelWidth),
            value: textBlock(doc, money(paid.balanceDueMinor), style.grandTotal, valueWidth),
            gap: 0,
            rule: false,
          },
        ]
      : []),
  ];
  const ruleGap = 8;
  const rowHeight = (row: TotalsRow): number =>
    Math.max(blockHeight(row.label), blockHeight(row.value)) +
    (row.note ? NOTE_GAP + blockHeight(row.note) : 0) +
    row.gap;
  const height = 12 + rows.reduce((sum, row) => sum + rowHeight(row), 0) + 2 * ruleGap;

  const draw = (flow: PageFlow): void => {
    let y = flow.y + 12;
    // A table of two columns: each label a row header (TH) of its amount (TD).
    const table = element(doc, ctx.root, 'Table');
    for (const row of rows) {
      if (row.rule) {
        y += ruleGap;
        stroke(doc, x, y, page.right, y, paint.totalRule);
        y += ruleGap;
      }
      const tr = element(doc, table, 'TR');
      const { note } = row;
      // The exemption reason goes under its VAT row, across the block, inside the row's header cell: two cells a row.
      const noteY = y + Math.max(blockHeight(row.label), blockHeight(row.value)) + NOTE_GAP;
      tagged(
        doc,
        tr,
        'TH',
        () => {
          drawBlock(doc, row.label, x + CELL_PAD_X, y);
          if (note) drawBlock(doc, note, x + CELL_PAD_X, noteY);
        },
        { scope: 'Row' },
      );
      tagged(doc, tr, 'TD', () => drawBlock(doc, row.value, page.right - CELL_PAD_X, y, 'right'));
      y += rowHeight(row);
    }
    flow.y = y + gap(ctx, 20);
  };
  return { height, draw };
}

const NOTE_GAP = 2;

/**
 * VAT mode (docs/decisions/0069-vat-categories-and-discounts-before-tax.md): the amount taxed (BT-109), then one row
 * per VAT category and rate as computeVatBreakdown gave it, "VAT 19% of €1,000.00" and its VAT, with the exemption
 * reason (BT-120) under a group that charges none. The same figures as the e-invoice's BG-23: nothing is re-rounded.
 */
function vatLines(ctx: Ctx, vat: VatBreakdown, netTotal: number): Array<[string, string, string | undefined]> {
  const { input, labels, language } = ctx;
  const money = (minor: number): string => formatMoneyForReader(minor, input.invoice.currency, language);
  return [
    [labels.netTotal, money(netTotal), undefined],
    ...vat.groups.map((group): [string, string, string | undefined] => [
      labels.vatGroup(formatPercentForReader(group.rate, language), money(group.taxable)),
      money(group.tax),
      group.exemption_reason,
    ]),
  ];
}

function adjustmentLabel(name: string, adjustment: TemplateInput['invoice']['tax'], language: string): string {
  return adjustment.type === 'percent' ? `${name} (${formatPercentForReader(adjustment.value, language)})` : name;
}

function joinParagraphs(...texts: string[]): string {
  return texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

function drawSection(ctx: Ctx, flow: PageFlow, title: string, text: string): void {
  if (text.trim() === '') return;
  const { input, style, page } = ctx;
  const heading = textBlock(input.doc, title, style.label, page.width);
  const body = textBlock(input.doc, text, style.body, page.width);
  // Keep the heading with the first lines of its text.
  flow.ensure(blockHeight(heading) + 4 + Math.min(3, body.lines.length) * body.lineHeight);
  tagged(input.doc, ctx.root, 'H2', () => flow.flowBlock(heading, page.left));
  flow.y += 4;
  tagged(input.doc, ctx.root, 'P', () => flow.flowBlock(body, page.left));
  flow.y += gap(ctx, 18);
}

/**
 * "Payment Details": the invoice's own text, then, for an invoice that asks for a SEPA transfer, the EPC
 * QR code with the caption and the transfer's details beside it (docs/product/invoices.md#the-pdf).
 */
function drawPaymentDetails(ctx: Ctx, flow: PageFlow): void {
  const { input, style, page, labels } = ctx;
  const { doc, invoice, payment } = input;
  const text = joinParagraphs(invoice.paymentDetails, invoice.paymentInstructions);
  if (!payment) {
    drawSection(ctx, flow, labels.paymentDetails, text);
    return;
  }
  const heading = textBlock(doc, labels.paymentDetails, style.label, page.width);
  const body = text === '' ? null : textBlock(doc, text, style.body, page.width);
  const qrBlock = paymentQrBlock(ctx);
  flow.ensure(blockHeight(heading) + 4 + (body ? Math.min(3, body.lines.length) * body.lineHeight : qrBlock.height));
  tagged(doc, ctx.root, 'H2', () => flow.flowBlock(heading, page.left));
  flow.y += 4;
  if (body) {
    tagged(doc, ctx.root, 'P', () => flow.flowBlock(body, page.left));
    flow.y += 8;
  }
  // The code and its lines stay together on one page.
  flow.ensure(qrBlock.height);
  qrBlock.draw(flow.y);
  flow.y += qrBlock.height + gap(ctx, 18);
}

/** The QR code at the left (its quiet zone blank around it), the caption and the transfer's details at its right. */
function paymentQrBlock({ input: { doc, payment }, style, page, labels, root }: Ctx): {
  height: number;
  draw: (top: number) => void;
} {
  const { transfer, qr } = payment!;
  const moduleSide = PAYMENT_QR_SIDE / qr.size;
  const quiet = QR_QUIET_ZONE * moduleSide;
  // The code lines up with the text's left edge: the page margin is its quiet zone on that side.
  const textX = page.left + PAYMENT_QR_SIDE + Math.max(PAYMENT_QR_GAP, quiet + 6);
  const detailsWidth = page.right - textX;
  const lines: Array<[string, string]> = [
    [labels.iban, formatIban(transfer.iban)],
    ...(transfer.bic ? [[labels.bic, transfer.bic] as [string, string]] : []),
    [labels.accountHolder, transfer.name],
    [labels.transferAmount, formatMoney(transfer.amountMinor, 'EUR')], // SEPA QR codes are EUR only
    ...(transfer.remittance ? [[labels.reference, transfer.remittance] as [string, string]] : []),
  ];
  const caption = textBlock(doc, labels.qrCaption, style.metaValue, detailsWidth);
  const details = lines.map(([label, value]) => textBlock(doc, `${label}: ${value}`, style.body, detailsWidth));
  const textHeight = blockHeight(caption) + 6 + details.reduce((sum, block) => sum + blockHeight(block) + 2, 0);
  const height = Math.max(PAYMENT_QR_SIDE + 2 * quiet, textHeight + 2 * quiet);
  return {
    height,
    draw(top) {
      const x0 = page.left;
      const y0 = top + quiet;
      // One path of one rectangle per run of dark modules, filled once: no seams, nothing fetched.
      const drawCode = () => {
        for (const [row, column, length] of darkRuns(qr)) {
          doc.rect(x0 + column * moduleSide, y0 + row * moduleSide, length * moduleSide, moduleSide);
        }
        doc.fillColor('#000000').fill();
      };
      tagged(doc, root, 'Figure', drawCode, { alt: labels.qrCaption });
      let y = y0;
      tagged(doc, root, 'P', () => (y = drawBlock(doc, caption, textX, y0) + 6));
      for (const block of details) tagged(doc, root, 'P', () => (y = drawBlock(doc, block, textX, y) + 2));
    },
  };
}

function drawFooters({ input: { doc, invoice }, style, paint, page, labels }: Ctx): void {
  const range = doc.bufferedPageRange();
  const y = page.footerY;
  const label = invoice.invoiceNumber ? labels.footerInvoice(invoice.invoiceNumber) : '';
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    if (paint.footerRule) stroke(doc, page.left, y - 8, page.right, y - 8, paint.footerRule);
    setStyle(doc, style.footer);
    const pageText = labels.page(index + 1, range.count);
    // The running footer repeats what the header says: a pagination artifact, read once from the content.
    artifact(
      doc,
      () => {
        if (label) {
          // The invoice number may be long: cut it to the space left of the page number.
          const space = page.width - textWidth(doc, pageText) - 24;
          const [first = ''] = textBlock(doc, label, style.footer, space).lines;
          drawLine(doc, first, page.left, y);
        }
        drawLine(doc, pageText, page.right, y, 'right');
      },
      'Pagination',
    );
  }
}

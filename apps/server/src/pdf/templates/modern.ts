import { formatIban } from '@invoicer/domain/bank-account';
import { formatLongUsDate } from '@invoicer/domain/dates';
import { amountDueSummary } from '@invoicer/domain/amount-due';
import { formatMoney, formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentRate } from '@invoicer/domain/percent';
import {
  A4,
  blockHeight,
  drawBlock,
  drawLine,
  formatQuantity,
  lineHeightOf,
  PageFlow,
  setStyle,
  textBlock,
  textWidth,
  type Doc,
  type TextBlock,
  type TextStyle,
} from '../pdf-layout';
import { darkRuns, QR_QUIET_ZONE } from '../payment-qr';
import type { InvoiceTemplate, TemplateInput } from './invoice-template';

const MARGIN = { top: 48, right: 48, bottom: 64, left: 48 } as const;
const LEFT = MARGIN.left;
const RIGHT = A4.width - MARGIN.right;
const CONTENT_WIDTH = RIGHT - LEFT;
const FRAME = { top: MARGIN.top, bottom: A4.height - MARGIN.bottom };

const COLOR = {
  text: '#111827',
  muted: '#6b7280',
  faint: '#9ca3af',
  rule: '#e5e7eb',
  headerFill: '#f3f4f6',
  accent: '#1e3a8a',
} as const;

const STYLE = {
  title: { weight: 'bold', size: 26, color: COLOR.accent },
  number: { weight: 'regular', size: 11, color: COLOR.muted },
  metaLabel: { weight: 'regular', size: 9, color: COLOR.muted },
  metaValue: { weight: 'bold', size: 9, color: COLOR.text },
  summary: { weight: 'bold', size: 10, color: COLOR.text },
  label: { weight: 'bold', size: 8, color: COLOR.muted },
  partyName: { weight: 'bold', size: 10.5, color: COLOR.text },
  party: { weight: 'regular', size: 9.5, color: COLOR.text },
  tableHead: { weight: 'bold', size: 8.5, color: COLOR.text },
  cell: { weight: 'regular', size: 9.5, color: COLOR.text },
  description: { weight: 'regular', size: 8, color: COLOR.muted },
  totalLabel: { weight: 'regular', size: 9.5, color: COLOR.muted },
  totalValue: { weight: 'regular', size: 9.5, color: COLOR.text },
  grandTotal: { weight: 'bold', size: 12, color: COLOR.accent },
  body: { weight: 'regular', size: 9, color: COLOR.text },
  footer: { weight: 'regular', size: 8, color: COLOR.faint },
} as const satisfies Record<string, TextStyle>;

const LOGO_BOX = { width: 180, height: 64 } as const;
const HEADER_RIGHT_WIDTH = 260;
/** The header's left column (logo, then the amount-due summary), clear of the right one. */
const HEADER_LEFT_WIDTH = 235;
const PARTY_GAP = 32;
const CELL_PAD_X = 8;
const CELL_PAD_Y = 6;
const TOTALS_WIDTH = 260;
/**
 * The payment QR code's side: 30 mm, above the 2 × 2 cm EPC guidance asks for even at version 13
 * (69 modules of 1.2 pt); its quiet zone is left blank around it.
 */
const PAYMENT_QR_SIDE = (30 / 25.4) * 72;
const PAYMENT_QR_GAP = 18;
export const PAYMENT_QR_CAPTION = 'Scan to pay with your banking app';

interface Column {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

export const modernTemplate: InvoiceTemplate = {
  name: 'modern',
  render(input) {
    const { doc } = input;
    const flow = new PageFlow(doc, FRAME);
    drawHeader(input, flow);
    drawParties(input, flow);
    drawItems(input, flow);
    drawTotals(input, flow);
    drawPaymentDetails(input, flow);
    drawSection(doc, flow, 'Terms', input.invoice.terms);
    drawFooters(input);
  },
};

function drawHeader({ doc, invoice, logo, totals, paid }: TemplateInput, flow: PageFlow): void {
  const top = flow.y;
  let leftBottom = top;
  if (logo) {
    try {
      doc.image(logo, LEFT, top, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
      leftBottom = top + LOGO_BOX.height;
    } catch {
      // An undecodable logo is left out rather than failing the invoice.
    }
  }

  let y = drawBlock(doc, textBlock(doc, 'INVOICE', STYLE.title, HEADER_RIGHT_WIDTH), RIGHT, top, 'right');
  if (invoice.invoiceNumber) {
    y = drawBlock(
      doc,
      textBlock(doc, `#${invoice.invoiceNumber}`, STYLE.number, HEADER_RIGHT_WIDTH),
      RIGHT,
      y,
      'right',
    );
  }
  y += 8;
  const dates: Array<[string, string | null]> = [
    ['Issued', invoice.issuedDate],
    ['Due', invoice.dueDate],
  ];
  for (const [label, date] of dates) {
    if (!date) continue;
    const value = formatLongUsDate(date);
    const height = lineHeightOf(doc, STYLE.metaValue); // also selects the value style for measuring
    const valueWidth = textWidth(doc, value);
    setStyle(doc, STYLE.metaLabel);
    drawLine(doc, label, RIGHT - valueWidth - 8, y + (height - lineHeightOf(doc, STYLE.metaLabel)), 'right');
    setStyle(doc, STYLE.metaValue);
    drawLine(doc, value, RIGHT, y, 'right');
    y += height + 2;
  }
  // What is due and by when, at a glance (issue 16), on the left where the header has room: at the top, or under
  // the logo, so the header grows by a few points at most and the page holds what it held.
  const summary = amountDueSummary({
    amountDueMinor: paid ? paid.balanceDueMinor : totals.total,
    amountPaidMinor: paid ? paid.amountPaidMinor : 0,
    currency: invoice.currency,
    dueDate: invoice.dueDate,
  });
  const summaryTop = leftBottom === top ? top + 8 : leftBottom + 8;
  leftBottom = drawBlock(doc, textBlock(doc, summary, STYLE.summary, HEADER_LEFT_WIDTH), LEFT, summaryTop);
  flow.y = Math.max(leftBottom, y) + 28;
}

/** The party text: its first line bold as the name, the rest as the address lines. */
function partyBlocks(doc: Doc, label: string, text: string, width: number): TextBlock[] {
  const [name = '', ...rest] = text.split(/\r\n?|\n/);
  return [
    textBlock(doc, label, STYLE.label, width),
    textBlock(doc, name, STYLE.partyName, width),
    textBlock(doc, rest.join('\n'), STYLE.party, width),
  ].filter((block) => block.lines.some((line) => line !== ''));
}

function drawParties({ doc, invoice }: TemplateInput, flow: PageFlow): void {
  const width = (CONTENT_WIDTH - PARTY_GAP) / 2;
  const columns = [
    { x: LEFT, blocks: partyBlocks(doc, 'From', invoice.from, width) },
    { x: LEFT + width + PARTY_GAP, blocks: partyBlocks(doc, 'To', invoice.to, width) },
  ];
  const heights = columns.map(({ blocks }) => blocks.reduce((sum, block) => sum + blockHeight(block) + 3, 0));
  if (Math.max(...heights) <= flow.remaining) {
    // The usual case: both side by side.
    for (const { x, blocks } of columns) {
      let y = flow.y;
      for (const block of blocks) y = drawBlock(doc, block, x, y) + 3;
    }
    flow.y += Math.max(...heights);
  } else {
    // Parties too long for one page: stacked, each flowing across pages.
    for (const { blocks } of columns) {
      for (const block of blocks) {
        flow.flowBlock(block, LEFT);
        flow.y += 3;
      }
      flow.y += 12;
    }
  }
  flow.y += 24;
}

interface Row {
  name: TextBlock;
  description: TextBlock | null;
  cells: TextBlock[];
  height: number;
}

function drawItems({ doc, invoice, totals }: TemplateInput, flow: PageFlow): void {
  const texts = invoice.items.map((item, index) => ({
    quantity: formatQuantity(item.quantity),
    rate: formatMoneyForReader(item.unitCost, invoice.currency),
    amount: formatMoneyForReader(totals.lines[index] ?? 0, invoice.currency),
  }));
  const columns = tableColumns(doc, texts);
  const [itemColumn, ...numberColumns] = columns as [Column, ...Column[]];
  const headHeight = lineHeightOf(doc, STYLE.tableHead) + 2 * CELL_PAD_Y;

  const drawHead = (): void => {
    doc.rect(LEFT, flow.y, CONTENT_WIDTH, headHeight).fill(COLOR.headerFill);
    setStyle(doc, STYLE.tableHead);
    for (const column of columns) {
      const x = column.align === 'right' ? column.x + column.width - CELL_PAD_X : column.x + CELL_PAD_X;
      drawLine(doc, column.title, x, flow.y + CELL_PAD_Y, column.align);
    }
    flow.y += headHeight;
  };

  const innerWidth = (column: Column): number => Math.max(1, column.width - 2 * CELL_PAD_X);
  const rows: Row[] = invoice.items.map((item, index) => {
    const text = texts[index]!;
    const name = textBlock(doc, item.name, STYLE.cell, innerWidth(itemColumn));
    const description = item.description
      ? textBlock(doc, item.description, STYLE.description, innerWidth(itemColumn))
      : null;
    const cells = [text.quantity, text.rate, text.amount].map((value, i) =>
      textBlock(doc, value, STYLE.cell, innerWidth(numberColumns[i]!)),
    );
    const itemHeight = blockHeight(name) + (description ? 2 + blockHeight(description) : 0);
    const height = 2 * CELL_PAD_Y + Math.max(itemHeight, ...cells.map(blockHeight));
    return { name, description, cells, height };
  });

  const pageCapacity = FRAME.bottom - FRAME.top - headHeight;
  // The header needs the first row under it (or, for a row taller than a page, its first line).
  const first = rows[0];
  flow.ensure(
    headHeight + (!first ? 0 : first.height <= pageCapacity ? first.height : 2 * CELL_PAD_Y + first.name.lineHeight),
  );
  drawHead();
  flow.onNewPage = drawHead;

  for (const row of rows) {
    if (row.height > flow.remaining) {
      // A row never splits unless it is taller than a whole page; then it starts on a fresh page.
      if (row.height <= pageCapacity || flow.y > FRAME.top + headHeight) flow.newPage();
    }
    const top = flow.y;
    const drawCells = (): void =>
      row.cells.forEach((cell, i) => {
        const column = numberColumns[i]!;
        drawBlock(doc, cell, column.x + column.width - CELL_PAD_X, top + CELL_PAD_Y, 'right');
      });
    // Drawn in reading order (name, numbers, description), which is the order text extraction sees.
    if (row.height <= flow.remaining) {
      const y = drawBlock(doc, row.name, itemColumn.x + CELL_PAD_X, top + CELL_PAD_Y);
      drawCells();
      if (row.description) drawBlock(doc, row.description, itemColumn.x + CELL_PAD_X, y + 2);
      flow.y = top + row.height;
    } else {
      drawCells();
      flow.y = top + CELL_PAD_Y;
      flow.flowBlock(row.name, itemColumn.x + CELL_PAD_X);
      if (row.description) {
        flow.y += 2;
        flow.flowBlock(row.description, itemColumn.x + CELL_PAD_X);
      }
      flow.y += CELL_PAD_Y;
    }
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  }
  flow.onNewPage = null;
}

/** Item / Qty / Rate / Amount; number columns as wide as their widest value, within bounds. */
function tableColumns(doc: Doc, texts: Array<{ quantity: string; rate: string; amount: string }>): Column[] {
  const widest = (title: string, values: string[], style: TextStyle, min: number, max: number): number => {
    setStyle(doc, STYLE.tableHead);
    let width = textWidth(doc, title);
    setStyle(doc, style);
    for (const value of values) width = Math.max(width, textWidth(doc, value));
    return Math.min(max, Math.max(min, Math.ceil(width) + 2 * CELL_PAD_X + 1));
  };
  const quantity = widest(
    'Qty',
    texts.map((t) => t.quantity),
    STYLE.cell,
    48,
    90,
  );
  const rate = widest(
    'Rate',
    texts.map((t) => t.rate),
    STYLE.cell,
    80,
    130,
  );
  const amount = widest(
    'Amount',
    texts.map((t) => t.amount),
    STYLE.cell,
    90,
    140,
  );
  const item = CONTENT_WIDTH - quantity - rate - amount;
  return [
    { title: 'Item', x: LEFT, width: item, align: 'left' },
    { title: 'Qty', x: LEFT + item, width: quantity, align: 'right' },
    { title: 'Rate', x: LEFT + item + quantity, width: rate, align: 'right' },
    { title: 'Amount', x: LEFT + item + quantity + rate, width: amount, align: 'right' },
  ];
}

function drawTotals({ doc, invoice, totals, paid }: TemplateInput, flow: PageFlow): void {
  const money = (minor: number): string => formatMoneyForReader(minor, invoice.currency);
  const lines: Array<[string, string]> = [['Subtotal', money(totals.subtotal)]];
  if (invoice.tax.enabled) {
    lines.push([adjustmentLabel('Tax', invoice.tax), money(totals.tax)]);
  }
  if (invoice.discount.enabled) {
    lines.push([adjustmentLabel('Discount', invoice.discount), money(-totals.discount)]);
  }
  if (invoice.shipping.enabled) lines.push(['Shipping', money(totals.shipping)]);

  const x = RIGHT - TOTALS_WIDTH;
  const labelWidth = 110;
  const valueWidth = TOTALS_WIDTH - labelWidth - CELL_PAD_X;
  const rows = [
    ...lines.map(([label, value]) => ({
      label: textBlock(doc, label, STYLE.totalLabel, labelWidth),
      value: textBlock(doc, value, STYLE.totalValue, valueWidth),
      gap: 5,
      rule: false,
    })),
    {
      label: textBlock(doc, 'Total', STYLE.grandTotal, labelWidth),
      value: textBlock(doc, money(totals.total), STYLE.grandTotal, valueWidth),
      gap: paid ? 8 : 0,
      rule: true,
    },
    // Once a payment exists: what was paid and what is still due (docs/product/payments.md#on-the-pdf-and-the-public-page).
    ...(paid
      ? [
          {
            label: textBlock(doc, 'Amount paid', STYLE.totalLabel, labelWidth),
            value: textBlock(doc, money(paid.amountPaidMinor), STYLE.totalValue, valueWidth),
            gap: 5,
            rule: false,
          },
          {
            label: textBlock(doc, 'Balance due', STYLE.grandTotal, labelWidth),
            value: textBlock(doc, money(paid.balanceDueMinor), STYLE.grandTotal, valueWidth),
            gap: 0,
            rule: false,
          },
        ]
      : []),
  ];
  const ruleGap = 8;
  const rowHeight = (row: (typeof rows)[number]): number =>
    Math.max(blockHeight(row.label), blockHeight(row.value)) + row.gap;
  const height = 12 + rows.reduce((sum, row) => sum + rowHeight(row), 0) + 2 * ruleGap;

  // The totals stay together: the whole block moves to the next page when it does not fit.
  flow.ensure(height);
  let y = flow.y + 12;
  for (const row of rows) {
    if (row.rule) {
      y += ruleGap;
      doc.moveTo(x, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(COLOR.text).stroke();
      y += ruleGap;
    }
    drawBlock(doc, row.label, x + CELL_PAD_X, y);
    drawBlock(doc, row.value, RIGHT - CELL_PAD_X, y, 'right');
    y += rowHeight(row);
  }
  flow.y = y + 20;
}

function adjustmentLabel(name: string, adjustment: TemplateInput['invoice']['tax']): string {
  return adjustment.type === 'percent' ? `${name} (${formatPercentRate(adjustment.value)}%)` : name;
}

function joinParagraphs(...texts: string[]): string {
  return texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

function drawSection(doc: Doc, flow: PageFlow, title: string, text: string): void {
  if (text.trim() === '') return;
  const heading = textBlock(doc, title, STYLE.label, CONTENT_WIDTH);
  const body = textBlock(doc, text, STYLE.body, CONTENT_WIDTH);
  // Keep the heading with the first lines of its text.
  flow.ensure(blockHeight(heading) + 4 + Math.min(3, body.lines.length) * body.lineHeight);
  flow.flowBlock(heading, LEFT);
  flow.y += 4;
  flow.flowBlock(body, LEFT);
  flow.y += 18;
}

/**
 * "Payment Details": the invoice's own text, then, for an invoice that asks for a SEPA transfer, the EPC
 * QR code with the caption and the transfer's details beside it (docs/product/invoices.md#the-pdf).
 */
function drawPaymentDetails(input: TemplateInput, flow: PageFlow): void {
  const { doc, invoice, payment } = input;
  const text = joinParagraphs(invoice.paymentDetails, invoice.paymentInstructions);
  if (!payment) {
    drawSection(doc, flow, 'Payment Details', text);
    return;
  }
  const heading = textBlock(doc, 'Payment Details', STYLE.label, CONTENT_WIDTH);
  const body = text === '' ? null : textBlock(doc, text, STYLE.body, CONTENT_WIDTH);
  const qrBlock = paymentQrBlock(input);
  flow.ensure(blockHeight(heading) + 4 + (body ? Math.min(3, body.lines.length) * body.lineHeight : qrBlock.height));
  flow.flowBlock(heading, LEFT);
  flow.y += 4;
  if (body) {
    flow.flowBlock(body, LEFT);
    flow.y += 8;
  }
  // The code and its lines stay together on one page.
  flow.ensure(qrBlock.height);
  qrBlock.draw(flow.y);
  flow.y += qrBlock.height + 18;
}

/** The QR code at the left (its quiet zone blank around it), the caption and the transfer's details at its right. */
function paymentQrBlock({ doc, payment }: TemplateInput): {
  height: number;
  draw: (top: number) => void;
} {
  const { transfer, qr } = payment!;
  const moduleSide = PAYMENT_QR_SIDE / qr.size;
  const quiet = QR_QUIET_ZONE * moduleSide;
  // The code lines up with the text's left edge: the page margin is its quiet zone on that side.
  const textX = LEFT + PAYMENT_QR_SIDE + Math.max(PAYMENT_QR_GAP, quiet + 6);
  const detailsWidth = RIGHT - textX;
  const lines: Array<[string, string]> = [
    ['IBAN', formatIban(transfer.iban)],
    ...(transfer.bic ? [['BIC', transfer.bic] as [string, string]] : []),
    ['Account holder', transfer.name],
    ['Amount', formatMoney(transfer.amountMinor, 'EUR')], // SEPA QR codes are EUR only
    ...(transfer.remittance ? [['Reference', transfer.remittance] as [string, string]] : []),
  ];
  const caption = textBlock(doc, PAYMENT_QR_CAPTION, STYLE.metaValue, detailsWidth);
  const details = lines.map(([label, value]) => textBlock(doc, `${label}: ${value}`, STYLE.body, detailsWidth));
  const textHeight = blockHeight(caption) + 6 + details.reduce((sum, block) => sum + blockHeight(block) + 2, 0);
  const height = Math.max(PAYMENT_QR_SIDE + 2 * quiet, textHeight + 2 * quiet);
  return {
    height,
    draw(top) {
      const x0 = LEFT;
      const y0 = top + quiet;
      // One path of one rectangle per run of dark modules, filled once: no seams, nothing fetched.
      for (const [row, column, length] of darkRuns(qr)) {
        doc.rect(x0 + column * moduleSide, y0 + row * moduleSide, length * moduleSide, moduleSide);
      }
      doc.fillColor('#000000').fill();
      let y = drawBlock(doc, caption, textX, y0) + 6;
      for (const block of details) y = drawBlock(doc, block, textX, y) + 2;
    },
  };
}

function drawFooters({ doc, invoice }: TemplateInput): void {
  const range = doc.bufferedPageRange();
  const y = A4.height - MARGIN.bottom + 28;
  const label = invoice.invoiceNumber ? `Invoice #${invoice.invoiceNumber}` : '';
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    doc
      .moveTo(LEFT, y - 8)
      .lineTo(RIGHT, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    setStyle(doc, STYLE.footer);
    const pageText = `Page ${index + 1} of ${range.count}`;
    if (label) {
      // The invoice number may be long: cut it to the space left of the page number.
      const space = CONTENT_WIDTH - textWidth(doc, pageText) - 24;
      const [first = ''] = textBlock(doc, label, STYLE.footer, space).lines;
      drawLine(doc, first, LEFT, y);
    }
    drawLine(doc, pageText, RIGHT, y, 'right');
  }
}

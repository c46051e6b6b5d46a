import {
  contrastRatio,
  PAPER_POINTS,
  PAPER_SIZES,
  TEMPLATE_NAMES,
  textAccent,
  TEXT_CONTRAST,
  type PaperSize,
} from '@invoicer/domain/invoice-templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { invoice, manyItems, pageTexts } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';
import { CLASSIC_LOOK } from './templates/classic';
import { MINIMAL_LOOK } from './templates/minimal';
import { MODERN_LOOK } from './templates/modern';

/** Page economy (docs/decisions/0063-page-economy-and-paper-size.md), read back from the PDF in every template. */

/** A typical invoice: a logo, five items with descriptions, every adjustment, payment details and two-paragraph terms. */
async function typicalInvoice(template: (typeof TEMPLATE_NAMES)[number], paper: PaperSize = 'a4') {
  const logo = await sharp({ create: { width: 540, height: 192, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer();
  return renderInvoicePdf(
    invoice({
      template,
      paper,
      from: 'Ada Lovelace Studio\n12 Analytical Row\nLondon EC1A 1BB\nVAT GB123456789\nada@example.com',
      to: 'Grace Hopper Ltd\n1 Compiler Way\nArlington, VA 22201\nUnited States',
      items: manyItems(5).map((item) => ({
        ...item,
        description: 'Analysis, implementation and review of the change',
      })),
      discount: { enabled: true, type: 'percent', value: 5_000 },
      shipping: { enabled: true, amount: 1_000 },
      paymentDetails: 'Bank: Example Bank\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX\nReference: INV-0042',
      paymentInstructions: 'Please include the invoice number as the reference.',
      terms:
        'Please submit payment within 15 days of receipt of this invoice. Late payments incur interest of 1% per month.\nAll work remains our property until paid in full.',
    }),
    { logo: { bytes: new Uint8Array(logo) } },
  );
}

const mediaBox = (pdf: Uint8Array): string[] =>
  [
    ...Buffer.from(pdf)
      .toString('latin1')
      .matchAll(/\/MediaBox \[([^\]]+)\]/g),
  ].map((match) => match[1]!.trim());

describe.each(TEMPLATE_NAMES.flatMap((template) => PAPER_SIZES.map((paper) => [template, paper] as const)))(
  'page economy of the %s template on %s',
  (template, paper) => {
    it('fits a typical invoice on one page of that paper', async () => {
      const pdf = await typicalInvoice(template, paper);
      const { width, height } = PAPER_POINTS[paper];
      expect(mediaBox(pdf)).toEqual([`0 0 ${width} ${height}`]);
      const pages = await pageTexts(pdf);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('All work remains our property until paid in full.');
      expect(pages[0]).toContain('Page 1 of 1');
    });

    it('keeps the last two rows with the totals and never leaves a table heading without a row', async () => {
      const kinds = new Set<number>();
      for (let count = 1; count <= 70; count++) {
        const pages = await pageTexts(await renderInvoicePdf(invoice({ template, paper, items: manyItems(count) })));
        const totalsPage = pages.find((page) => page.includes('Subtotal'))!;
        const rowsWithTotals = totalsPage.match(/Service line \d{3}/g) ?? [];
        expect(rowsWithTotals.length, `${count} items`).toBeGreaterThanOrEqual(Math.min(2, count));
        expect(totalsPage).toContain(`Service line ${String(count).padStart(3, '0')}`);
        for (const page of pages) {
          // A heading is followed by a row on its page.
          if (page.includes('Item Qty Rate Amount')) expect(page).toMatch(/Item Qty Rate Amount\nService line \d{3}/);
        }
        kinds.add(pages.length);
      }
      expect(kinds.size).toBeGreaterThan(2); // the range crosses page breaks
    });
  },
);

describe('paper', () => {
  it('prints US and Canadian dollars on Letter and every other currency on A4, unless the invoice says', async () => {
    const letter = `0 0 ${PAPER_POINTS.letter.width} ${PAPER_POINTS.letter.height}`;
    const a4 = `0 0 ${PAPER_POINTS.a4.width} ${PAPER_POINTS.a4.height}`;
    const box = async (overrides: Parameters<typeof invoice>[0]) =>
      mediaBox(await renderInvoicePdf(invoice({ items: manyItems(90), ...overrides })));
    for (const page of await box({ currency: 'USD' })) expect(page).toBe(letter);
    for (const page of await box({ currency: 'CAD' })) expect(page).toBe(letter);
    for (const page of await box({ currency: 'EUR' })) expect(page).toBe(a4);
    for (const page of await box({ currency: 'USD', paper: 'a4' })) expect(page).toBe(a4);
    for (const page of await box({ currency: 'GBP', paper: 'letter' })) expect(page).toBe(letter);
  });
});

describe('legible text', () => {
  it.each([
    ['modern', MODERN_LOOK],
    ['classic', CLASSIC_LOOK],
    ['minimal', MINIMAL_LOOK],
  ] as const)('prints every text of %s, footer included, at 4.5:1 or more on white', (_, look) => {
    for (const accent of [look.accent, '#ffff00', '#38bdf8', '#f59e0b', '#ffffff']) {
      for (const [name, style] of Object.entries(look.styles(textAccent(accent)))) {
        expect(contrastRatio(style.color, '#ffffff'), `${name} in ${accent}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    }
  });
});

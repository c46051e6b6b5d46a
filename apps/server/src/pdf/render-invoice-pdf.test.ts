import type { CurrencyCode } from '@invoicer/domain/currencies';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resolveFontsDir } from './fonts-dir';
import { invoice, manyItems, pageTexts, pdfInfo, placedTexts } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';
import { TEMPLATE_NAMES, UnknownTemplateError } from './templates/template-registry';

const PAGE_RIGHT_MARGIN = 595.28 - 48;

async function text(pdf: Uint8Array): Promise<string> {
  return (await pageTexts(pdf)).join('\n');
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('renderInvoicePdf', () => {
  it('prints Amount paid and Balance due under Total once a payment exists, and nothing before', async () => {
    const paid = await text(
      await renderInvoicePdf(invoice(), { paid: { amountPaidMinor: 1_241, balanceDueMinor: 2_000 } }),
    );
    expect(paid).toMatch(/Total €32\.41\nAmount paid €12\.41\nBalance due €20\.00/);
    const none = await text(
      await renderInvoicePdf(invoice(), { paid: { amountPaidMinor: 0, balanceDueMinor: 3_241 } }),
    );
    expect(none).not.toContain('Amount paid');
    expect(none).not.toContain('Balance due');
  });

  it('says what is due and by when near the top: the total, then the balance, then paid in full (issue 16)', async () => {
    const fresh = await pageTexts(await renderInvoicePdf(invoice({ dueDate: '2026-11-09' })));
    const summary = 'Amount due €32.41 by November 9, 2026';
    expect(fresh[0]).toContain(summary);
    // Near the top: before the parties and the items, right under the dates.
    expect(fresh[0]!.indexOf(summary)).toBeLessThan(fresh[0]!.indexOf('Rate'));
    const part = await text(
      await renderInvoicePdf(invoice({ dueDate: '2026-11-09' }), {
        paid: { amountPaidMinor: 1_241, balanceDueMinor: 2_000 },
      }),
    );
    expect(part).toContain('Amount due €20.00 by November 9, 2026');
    const full = await text(
      await renderInvoicePdf(invoice(), { paid: { amountPaidMinor: 3_241, balanceDueMinor: 0 } }),
    );
    expect(full).toContain('Paid in full');
    const yen = await text(await renderInvoicePdf(invoice({ currency: 'JPY', dueDate: null })));
    expect(yen).toContain('Amount due ¥3,241 JPY');
    expect(yen).not.toContain('Amount due ¥3,241 JPY by');
  });

  it('renders the totals of a known invoice from computeTotals', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const content = await text(pdf);
    expect(content).toContain('Website design 3 €10.05 €30.15');
    expect(content).toContain('Subtotal €30.15');
    expect(content).toContain('Tax (7.5%) €2.26');
    expect(content).toContain('Total €32.41');
    expect(content).not.toContain('Discount');
    expect(content).not.toContain('Shipping');
  });

  it('shows the header, parties, dates, descriptions, payment details and terms', async () => {
    const content = await text(await renderInvoicePdf(invoice()));
    expect(content).toContain('INVOICE');
    expect(content).toContain('#0042');
    expect(content).toContain('Issued November 21, 2026');
    expect(content).toContain('Due November 28, 2026');
    for (const line of ['Ada Lovelace Studio', '12 Analytical Row', 'London EC1A 1BB']) expect(content).toContain(line);
    for (const line of ['Grace Hopper Ltd', '1 Compiler Way', 'Arlington, VA 22201']) expect(content).toContain(line);
    expect(content).toContain('Landing page, two iterations');
    expect(content).toContain('Payment Details\nIBAN DE89 3704 0044 0532 0130 00');
    expect(content).toContain('Terms\nPlease submit payment within 15 days of receipt of this invoice.');
    expect(content).toContain('Page 1 of 1');
  });

  it('leaves out dates, number and empty sections that are not set', async () => {
    const content = await text(
      await renderInvoicePdf(
        invoice({ issuedDate: null, dueDate: null, invoiceNumber: '', paymentDetails: '', terms: ' ' }),
      ),
    );
    expect(content).not.toMatch(/Issued|Due|#|Payment Details|Terms/);
  });

  it('renders an invoice without items', async () => {
    const content = await text(await renderInvoicePdf(invoice({ items: [] })));
    expect(content).toContain('Item Qty Rate Amount');
    expect(content).toContain('Total €0.00');
  });

  it('labels fixed adjustments without a rate and shows discount and shipping when enabled', async () => {
    const content = await text(
      await renderInvoicePdf(
        invoice({
          tax: { enabled: true, type: 'fixed', value: 500 },
          discount: { enabled: true, type: 'fixed', value: 300 },
          shipping: { enabled: true, amount: 1250 },
        }),
      ),
    );
    expect(content).toContain('Tax €5.00');
    expect(content).toContain('Discount −€3.00');
    expect(content).toContain('Shipping €12.50');
    expect(content).toContain('Total €44.65'); // 30.15 + 5.00 − 3.00 + 12.50
  });

  it('labels percent discounts with their rate', async () => {
    const content = await text(
      await renderInvoicePdf(invoice({ discount: { enabled: true, type: 'percent', value: 10_000 } })),
    );
    expect(content).toContain('Discount (10%) −€3.02'); // round(30.15 × 10%) = 3.015 → 3.02
    expect(content).toContain('Total €29.39');
  });

  it('prints rates with up to 3 decimals and no trailing zeros', async () => {
    const content = await text(
      await renderInvoicePdf(
        invoice({
          tax: { enabled: true, type: 'percent', value: 8_875 },
          discount: { enabled: true, type: 'percent', value: 8_250 },
        }),
      ),
    );
    expect(content).toContain('Tax (8.875%) €2.68'); // 30.15 × 8.875 % = 2.6758125 → 2.68
    expect(content).toContain('Discount (8.25%) −€2.49'); // 30.15 × 8.25 % = 2.487375 → 2.49
    expect(content).toContain('Total €30.34');
  });

  it.each([
    ['NGN', '₦10.05', '₦32.41'],
    ['INR', '₹10.05', '₹32.41'],
    ['RUB', '₽10.05', '₽32.41'],
    ['GBP', '£10.05', '£32.41'],
    // A shared symbol carries the ISO code (¥ is JPY and CNY, kr three krone, $ six currencies' sign).
    ['USD', '$10.05 USD', '$32.41 USD'],
    ['CNY', '¥10.05 CNY', '¥32.41 CNY'],
    ['SEK', 'kr10.05 SEK', 'kr32.41 SEK'],
    ['MXN', 'Mex$10.05', 'Mex$32.41'],
    // No minor unit (ADR 59): the same minor units are whole yen and won.
    ['KRW', '₩1,005', '₩3,241'],
    ['JPY', '¥1,005 JPY', '¥3,241 JPY'],
  ] as Array<[CurrencyCode, string, string]>)('writes %s amounts as %s', async (currency, rate, total) => {
    const content = await text(await renderInvoicePdf(invoice({ currency })));
    expect(content).toContain(`Rate`);
    expect(content).toContain(rate);
    expect(content).toContain(`Total ${total}`);
  });

  it('round-trips Greek, Cyrillic and Latin Extended text', async () => {
    const from = 'Ελένη Παπαδοπούλου\nΛεωφόρος Αλεξάνδρας 12, Αθήνα';
    const to = 'ООО «Ромашка»\nул. Ленина 1, Москва\nŁódź, Zażółć gęślą jaźń';
    const content = await text(
      await renderInvoicePdf(
        invoice({
          from,
          to,
          items: [{ name: 'Разработка сайта', description: 'Σχεδίαση', quantity: 1, unitCost: 100 }],
        }),
      ),
    );
    for (const line of [...from.split('\n'), ...to.split('\n'), 'Разработка сайта', 'Σχεδίαση']) {
      expect(content).toContain(line);
    }
  });

  it('renders text outside the fonts (CJK, emoji) without throwing', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        from: '株式会社テスト 🚀\n東京都',
        items: [{ name: '设计 👩‍💻🇯🇵', description: '한국어 설명 ✅', quantity: 1, unitCost: 100 }],
        terms: 'Thanks 🙏',
      }),
    );
    const content = await text(pdf);
    expect(content).toContain('Thanks');
    expect(content).toContain('Total €1.08');
  });

  it("shares shaped words across documents without carrying one document's text into another", async () => {
    // "ﬁ" (U+FB01) and the "fi" ligature of "fiordland" are one glyph: the first document makes that glyph
    // object from U+FB01, so its run for "fiordland" must not be reused by the next document.
    const word = `fiordland${Date.now()}`;
    await renderInvoicePdf(
      invoice({
        from: `Studio ﬁ ${word}`,
        to: 'A',
        items: [{ name: word, description: '', quantity: 1, unitCost: 1 }],
      }),
    );
    const later = invoice({ from: 'B', to: 'C', items: [{ name: word, description: '', quantity: 1, unitCost: 1 }] });
    const first = await renderInvoicePdf(later);
    const second = await renderInvoicePdf(later); // this one reads the shared cache
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect((await pageTexts(first)).join('\n')).toContain(word);
  });

  it('sets the metadata and is deterministic for equal input', async () => {
    const first = await renderInvoicePdf(invoice());
    await renderInvoicePdf(invoice({ from: 'Something ﬁ else ﬂ', currency: 'RUB', items: manyItems(30) }));
    const second = await renderInvoicePdf(invoice());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const info = await pdfInfo(first);
    expect(info.Title).toBe('Invoice 0042');
    expect(info.Producer).toBe('Invoicer');
    expect(info.Author).toBe('Ada Lovelace Studio');
    expect(info.CreationDate).toMatch(/^D:20261121000000/);
  });

  it('embeds a PNG (with transparency) or JPEG logo and leaves out bytes that are not an image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><circle cx="50" cy="50" r="40" fill="#1e3a8a"/></svg>',
    );
    const png = new Uint8Array(await sharp(svg).png().toBuffer());
    const jpeg = new Uint8Array(await sharp(svg).flatten({ background: '#fff' }).jpeg().toBuffer());
    const isImage = (pdf: Uint8Array) => Buffer.from(pdf).includes('/Subtype /Image');
    expect(isImage(await renderInvoicePdf(invoice(), { logo: { bytes: png } }))).toBe(true);
    expect(isImage(await renderInvoicePdf(invoice(), { logo: { bytes: jpeg } }))).toBe(true);

    // A PNG whose compressed data is damaged would make pdfkit throw from a zlib callback (a crash).
    const damaged = png.slice();
    damaged.fill(0xab, 60, 120);
    const broken = [damaged, new TextEncoder().encode('not an image at all'), new Uint8Array(0)];
    for (const bytes of broken) {
      const pdf = await renderInvoicePdf(invoice(), { logo: { bytes } });
      expect(isImage(pdf)).toBe(false);
      expect(await text(pdf)).toContain('Total €32.41');
    }
  });

  it('rejects an unknown template', async () => {
    await expect(renderInvoicePdf(invoice(), { template: 'baroque' as never })).rejects.toBeInstanceOf(
      UnknownTemplateError,
    );
  });

  it('finds the fonts from the source tree and honours FONTS_DIR', () => {
    const found = resolveFontsDir();
    expect(found).toMatch(/apps\/server\/assets\/fonts$/);
    expect(resolveFontsDir(path.relative(process.cwd(), found))).toBe(found);
    expect(() => resolveFontsDir('/nonexistent')).toThrow(/FONTS_DIR is set to \/nonexistent/);
  });
});

/** The multi-page rules hold in every template: they share one layout engine (templates/invoice-layout.ts). */
describe.each(TEMPLATE_NAMES)('the %s template over pages', (template) => {
  it('wraps long text inside its column and never past the page margin', async () => {
    const longWord = 'Supercalifragilistic'.repeat(25); // 500 characters, no space
    const pdf = await renderInvoicePdf(
      invoice({
        template,
        from: `${'Very long sender name that goes on and on '.repeat(8)}\n${longWord.slice(0, 200)}`,
        items: [
          { name: longWord, description: 'word '.repeat(400), quantity: 1_000_000, unitCost: 99_999_999 }, // amount near the schema's maximum
          { name: 'Second', description: '', quantity: 1, unitCost: 1 },
        ],
        paymentDetails: longWord,
        invoiceNumber: 'INV-'.repeat(16),
      }),
    );
    const placed = await placedTexts(pdf);
    const overflowing = placed.filter((item) => item.x + item.width > PAGE_RIGHT_MARGIN + 0.5 || item.x < 47.5);
    expect(overflowing).toEqual([]);
    // The unbroken name is split over several lines, all of them left of the Qty column, and nothing is lost.
    const nameLines = placed.filter((item) => item.text.startsWith('Super') || item.text.startsWith('fragil'));
    expect(nameLines.length).toBeGreaterThan(2);
    const content = (await pageTexts(pdf)).join('');
    expect(content.replace(/\s/g, '')).toContain(longWord.repeat(1));
    expect(content).toContain('1,000,000');
    expect(content).toContain('€999,999,990,000.00');
  });

  it('breaks a 200-item invoice over pages with repeated headers, whole rows and footers', async () => {
    const items = manyItems(200);
    const pages = await pageTexts(
      await renderInvoicePdf(
        invoice({
          template,
          items,
        }),
      ),
    );
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (/Service line \d{3}/.test(page)) expect(page).toContain('Item Qty Rate Amount');
    });
    const all = pages.join('\n');
    for (const item of items) {
      expect(count(all, item.name)).toBe(1);
      // A row is never split: its name and its numbers are on the same page, on one line.
      expect(pages.some((page) => new RegExp(`${item.name} \\d+ €[\\d,.]+ €[\\d,.]+`).test(page))).toBe(true);
    }
    // The totals come once, after the last row (payment details and terms may follow on a page of their own).
    const totalsAt = pages.findIndex((page) => page.includes('Subtotal'));
    expect(pages.filter((page) => page.includes('Subtotal'))).toHaveLength(1);
    expect(pages[totalsAt]).toMatch(/Subtotal €[\d,.]+\nTax \(7\.5%\) €[\d,.]+\nTotal €[\d,.]+/);
    expect(pages.findIndex((page) => page.includes('Service line 200'))).toBeLessThanOrEqual(totalsAt);
    expect(pages.slice(totalsAt + 1).join('\n')).not.toContain('Service line');
  });

  it('keeps the totals block together at every page-break position', async () => {
    const lastPageKinds = new Set<string>();
    const pageCounts = new Set<number>();
    for (let count = 8; count <= 40; count++) {
      const pages = await pageTexts(
        await renderInvoicePdf(
          invoice({
            template,
            items: manyItems(count),
            discount: { enabled: true, type: 'percent', value: 5_000 },
            shipping: { enabled: true, amount: 999 },
          }),
        ),
      );
      const withTotals = pages.filter((page) => page.includes('Subtotal'));
      expect(withTotals).toHaveLength(1);
      expect(withTotals[0]).toMatch(/Subtotal .+\nTax .+\nDiscount .+\nShipping .+\nTotal €/);
      lastPageKinds.add(/Service line/.test(withTotals[0]!) ? 'rows and totals' : 'totals moved alone');
      pageCounts.add(pages.length);
    }
    // The range crosses the point where the block no longer fits under the last row, and the block never
    // goes alone: its last rows go with it (page-economy.test.ts).
    expect(pageCounts.size).toBeGreaterThan(1);
    expect(lastPageKinds).toEqual(new Set(['rows and totals']));
  });

  it('lets a row taller than a page flow across pages, header repeated', async () => {
    const description = Array.from({ length: 150 }, (_, i) => `Paragraph ${i + 1} of the specification.`).join('\n');
    const pages = await pageTexts(
      await renderInvoicePdf(
        invoice({
          template,
          items: [{ name: 'Huge', description, quantity: 1, unitCost: 100 }],
        }),
      ),
    );
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (let i = 1; i <= 150; i++) expect(count(all, `Paragraph ${i} of the specification.`)).toBe(1);
    for (const page of pages.filter((page) => page.includes('Paragraph')))
      expect(page).toContain('Item Qty Rate Amount');
  });

  it('survives parties longer than a page', async () => {
    const from = Array.from({ length: 120 }, (_, i) => `Sender line ${i + 1}`).join('\n');
    const all = (
      await pageTexts(
        await renderInvoicePdf(
          invoice({
            template,
            from,
          }),
        ),
      )
    ).join('\n');
    for (let i = 1; i <= 120; i++) expect(all).toContain(`Sender line ${i}\n`);
    expect(all).toContain('Grace Hopper Ltd');
    expect(all).toContain('Total €32.41');
  });
});

describe('decimal quantities and units in the Qty column (ADR 60)', () => {
  it.each(TEMPLATE_NAMES)(
    'the %s template prints "2.125 kg" and "1.5 hours" on one line, clear of the rate',
    async (template) => {
      const pdf = await renderInvoicePdf(
        invoice({
          template,
          items: [
            { name: 'Coffee beans', description: '', quantity: 2.125, unit: 'kg', unitCost: 399 },
            { name: 'Consulting', description: '', quantity: 1.5, unit: 'hours', unitCost: 8000 },
            { name: 'Largest', description: '', quantity: 999_999_999.999, unitCost: 1 },
          ],
        }),
      );
      const placed = await placedTexts(pdf);
      for (const [quantity, rate, amount] of [
        ['2.125 kg', '€3.99', '€8.48'],
        ['1.5 hours', '€80.00', '€120.00'],
      ] as const) {
        const cell = placed.find((item) => item.text === quantity);
        expect(cell, `${quantity} drawn as one line`).toBeDefined();
        const rateCell = placed.find((item) => item.text === rate && Math.abs(item.y - cell!.y) < 1);
        expect(rateCell, `${rate} on the row of ${quantity}`).toBeDefined();
        expect(cell!.x + cell!.width).toBeLessThan(rateCell!.x);
        expect(placed.some((item) => item.text === amount && Math.abs(item.y - cell!.y) < 1)).toBe(true);
      }
      // The longest quantity the contract takes is never broken inside its digits.
      expect(placed.some((item) => item.text === '999,999,999.999')).toBe(true);
    },
  );
});

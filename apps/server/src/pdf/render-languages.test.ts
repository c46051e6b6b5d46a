import { DOCUMENT_LANGUAGES } from '@invoicer/domain/document-language';
import { DOCUMENT_LABELS } from '@invoicer/domain/document-labels';
import { TEMPLATE_NAMES } from '@invoicer/domain/invoice-templates';
import { epcCreditTransfer } from '@invoicer/domain/epc-qr';
import { describe, expect, it } from 'vitest';
import { embeddedFontUses, invoice, pageTexts, pdfInfo, placedTexts, type EmbeddedFontUse } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';

/**
 * The document's language (docs/decisions/0061-the-document-language.md): every label from the catalogue, the
 * locale's dates and amounts, read back from the PDF's own objects (which glyph each character became) and through
 * pdf.js's text extraction (what a reader copies or searches).
 */

// NFKC turns the no-break spaces of the locales into plain spaces; ignorable code points (U+2060) go.
const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

async function extracted(pdf: Uint8Array): Promise<string> {
  return comparable((await pageTexts(pdf)).join('\n'));
}

interface GlyphProgram {
  getGlyph(id: number): { path: { commands: unknown[] } };
}
const outline = (font: EmbeddedFontUse, code: number) =>
  JSON.stringify((font.program as unknown as GlyphProgram).getGlyph(code).path.commands);

/** Characters drawn as the subset's .notdef (code 0 or its outline): none may be. */
function notdefCharacters(pdf: Uint8Array): string[] {
  const problems: string[] = [];
  for (const font of embeddedFontUses(pdf)) {
    const notdef = outline(font, 0);
    for (const [code, text] of font.codes) {
      if (code === 0 || outline(font, code) === notdef) problems.push(`${font.name}: ${JSON.stringify(text)}`);
    }
  }
  return problems;
}

const drawnCharacters = (pdf: Uint8Array): Set<string> =>
  new Set(embeddedFontUses(pdf).flatMap((font) => [...font.codes.values()].flatMap((text) => [...text])));

const TRANSFER = epcCreditTransfer({
  payee: { name: 'Ada Lovelace Studio', accountHolder: '', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  currency: 'EUR',
  amountDueMinor: 2_641,
  invoiceNumber: '0042',
})!;

/** The fixture invoice with every optional label showing: discount, shipping, a payment, the QR code. */
function fullInvoice(language: string, overrides: Parameters<typeof invoice>[0] = {}) {
  return renderInvoicePdf(
    invoice({
      language,
      discount: { enabled: true, type: 'fixed', value: 100 },
      shipping: { enabled: true, amount: 500 },
      ...overrides,
    }),
    { transfer: TRANSFER, paid: { amountPaidMinor: 1_000, balanceDueMinor: 2_641 } },
  );
}

describe('the document language in the PDF', () => {
  it.each(DOCUMENT_LANGUAGES.flatMap((language) => TEMPLATE_NAMES.map((template) => [language, template] as const)))(
    '%s, %s: every label is drawn with real glyphs (no .notdef), fonts chosen from the labels too',
    async (language, template) => {
      const pdf = await fullInvoice(language, { template });
      expect(notdefCharacters(pdf)).toEqual([]);
      const labels = DOCUMENT_LABELS[language];
      const drawn = drawnCharacters(pdf);
      const labelText = [
        labels.invoice,
        labels.issued,
        labels.due,
        template === 'classic' ? labels.billTo : labels.to,
        labels.from,
        labels.item,
        labels.quantity,
        labels.rate,
        labels.amount,
        labels.subtotal,
        labels.discount,
        labels.shipping,
        labels.total,
        labels.amountPaid,
        labels.balanceDue,
        labels.paymentDetails,
        labels.terms,
        labels.qrCaption,
        labels.accountHolder,
        labels.page(1, 1),
      ].join('');
      const missing = [...new Set(labelText)].filter((char) => char.trim() !== '' && !drawn.has(char));
      expect(missing).toEqual([]);
    },
  );

  it('German: German labels, 21. November 2026, 1.234,56-style amounts, /Lang de', async () => {
    const pdf = await fullInvoice('de');
    const text = await extracted(pdf);
    // 3 × €10.05 = 30.15; tax 7.5 % = 2.26; discount 1.00; shipping 5.00; total 36.41.
    for (const expected of [
      'RECHNUNG',
      'Nr. 0042',
      'Rechnungsdatum 21. November 2026',
      'Fällig 28. November 2026',
      'Zu zahlen: 26,41 € bis 28. November 2026',
      'Von Ada Lovelace Studio',
      'An Grace Hopper Ltd',
      'Position Menge Einzelpreis Betrag',
      'Website design 3 10,05 € 30,15 €',
      'Zwischensumme 30,15 €',
      'Steuer (7,5 %) 2,26 €',
      `Rabatt ${'\u2212'}1,00 €`,
      'Versand 5,00 €',
      'Gesamtbetrag 36,41 €',
      'Bezahlt 10,00 €',
      'Offener Betrag 26,41 €',
      'Zahlungsinformationen',
      'Mit Ihrer Banking-App scannen und bezahlen',
      'Kontoinhaber: Ada Lovelace Studio',
      'Bedingungen',
      'Rechnung Nr. 0042',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(comparable(expected));
    }
    expect(text).not.toMatch(/\b(Invoice|INVOICE|Subtotal|Issued|Page 1 of)\b/);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Lang \(de\)/);
    expect((await pdfInfo(pdf)).Title).toBe('Rechnung Nr. 0042');
  });

  it('German: a decimal quantity with its unit in German separators (1,5 Std.)', async () => {
    const pdf = await fullInvoice('de', {
      items: [{ name: 'Beratung', description: '', quantity: 1.5, unit: 'Std.', unitCost: 8_000 }],
    });
    expect(await extracted(pdf)).toContain(comparable('Beratung 1,5 Std. 80,00 € 120,00 €'));
  });

  it('Japanese: Japanese labels and dates, the CJK font embedded for the labels of a Latin-text invoice', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        language: 'ja',
        currency: 'JPY',
        items: [{ name: 'Website design', description: '', quantity: 3, unitCost: 1_005 }],
      }),
    );
    expect(notdefCharacters(pdf)).toEqual([]);
    const text = (await extracted(pdf)).replace(/ /g, '');
    for (const expected of [
      '請求書',
      'No.0042',
      '発行日2026年11月21日',
      '支払期限2026年11月28日',
      '品目数量単価金額',
      '小計¥3,015JPY',
      '合計',
      '1/1ページ',
    ]) {
      expect(text).toContain(expected);
    }
    const fonts = embeddedFontUses(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(fonts).toContain('NotoSansJP-Bold'); // the title and table heading
    expect(fonts).toContain('NotoSansJP-Regular'); // the date labels and footer
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Lang \(ja\)/);
  });

  it('Arabic: Arabic labels through the bidi path, in reading order, right to left where a block is Arabic', async () => {
    const pdf = await fullInvoice('ar');
    expect(notdefCharacters(pdf)).toEqual([]);
    const text = await extracted(pdf);
    for (const expected of [
      'فاتورة',
      'رقم 0042',
      'المجموع الفرعي',
      'الإجمالي',
      'الرصيد المستحق',
      'تفاصيل الدفع',
      'الشروط',
      'صفحة 1 من 1',
    ]) {
      expect(text).toContain(expected);
    }
    const placed = await placedTexts(pdf);
    const find = (value: string) => placed.find((item) => item.text.includes(value));
    // The party labels are right-to-left blocks: they end at the right edge of their column (ADR 58).
    const column = (595.28 - 96 - 32) / 2;
    const from = find('من')!;
    expect(from.x + from.width).toBeCloseTo(48 + column, 0);
    // The title stays at the right margin, as in every language.
    const title = find('فاتورة')!;
    expect(title.x + title.width).toBeCloseTo(595.28 - 48, 0);
    const fonts = embeddedFontUses(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(fonts).toContain('NotoSansArabic-Bold');
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Lang \(ar\)/);
  });

  it('English, named or not, is the document it was before: byte for byte', async () => {
    const before = await renderInvoicePdf(invoice());
    expect(Buffer.from(await renderInvoicePdf(invoice({ language: 'en' }))).equals(Buffer.from(before))).toBe(true);
    expect(Buffer.from(before).toString('latin1')).toMatch(/\/Lang \(en-US\)/);
  });

  it('draws Han characters in the forms of the document language: Japanese, Traditional, else Simplified', async () => {
    // 直 and 骨 are drawn differently in Japan, Taiwan and mainland China; a name with kana is Japanese in any document.
    const fontOf = async (language: string, to: string) => {
      const pdf = await renderInvoicePdf(invoice({ language, to }));
      expect(notdefCharacters(pdf)).toEqual([]);
      return embeddedFontUses(pdf)
        .filter((font) => [...font.codes.values()].some((text) => text.includes('直')))
        .map((font) => font.name.replace(/^[A-Z]{6}\+/, '').replace(/-(Regular|Bold)$/, ''));
    };
    expect(await fontOf('ja', '直骨株式会社')).toEqual(['NotoSansJP']);
    expect(await fontOf('zh-TW', '直骨有限公司')).toEqual(['NotoSansTC']);
    expect(await fontOf('zh-Hant', '直骨有限公司')).toEqual(['NotoSansTC']);
    expect(await fontOf('zh', '直骨有限公司')).toEqual(['NotoSansSC']);
    expect(await fontOf('en', '直骨有限公司')).toEqual(['NotoSansSC']);
    expect(await fontOf('en', 'サンプル直骨株式会社')).toEqual(['NotoSansJP']);
  });

  it('prints on US Letter for a US or Canadian language tag, on A4 for another region', async () => {
    const mediaBox = async (language: string, currency: 'EUR' | 'USD') =>
      /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/
        .exec(Buffer.from(await renderInvoicePdf(invoice({ language, currency }))).toString('latin1'))
        ?.slice(1);
    expect(await mediaBox('fr-CA', 'EUR')).toEqual(['612', '792']);
    expect(await mediaBox('en-US', 'EUR')).toEqual(['612', '792']);
    expect(await mediaBox('en-GB', 'USD')).toEqual(['595.28', '841.89']);
    expect(await mediaBox('de', 'EUR')).toEqual(['595.28', '841.89']);
  });
});

import { formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentForReader } from '@invoicer/domain/percent';
import { labelsFor } from '@invoicer/domain/document-labels';
import { invoiceDocumentInputSchema, type InvoiceDocument } from '@invoicer/domain/invoice-document';
import { toEInvoice } from '@invoicer/domain/einvoice/einvoice-from-document';
import { computeTotals } from '@invoicer/domain/totals';
import { describe, expect, it } from 'vitest';
import { einvoiceData } from '../../../test/einvoice-fixtures';
import { pageTexts, taggedDocument, taggedElements } from '../../pdf/pdf-test-fixtures';
import { renderInvoicePdf } from '../../pdf/render-invoice-pdf';
import { TEMPLATE_NAMES } from '@invoicer/domain/invoice-templates';
import { writeCii } from './cii-writer';

/**
 * The VAT breakdown on the PDF (issue 17): every template prints the groups computeVatBreakdown gives, and the
 * figures are the ones the CII XML of the same body carries (BG-23 and the document totals).
 */

/** A mixed invoice: two standard rates, a reverse-charge line with its reason, a zero-rated line, discount, shipping. */
function mixedBody(overrides: Record<string, unknown> = {}) {
  return einvoiceData({
    items: [
      { id: 'a1', name: 'Design work', quantity: 1.5, unit: 'hours', unit_cost: 80, vat_category: 'S', vat_rate: 19 },
      { id: 'a2', name: 'Printed guide', quantity: 3, unit_cost: 12.99, vat_category: 'S', vat_rate: 7 },
      {
        id: 'a3',
        name: 'Consulting abroad',
        quantity: 2,
        unit_cost: 250,
        vat_category: 'AE',
        vat_rate: 0,
        vat_exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers',
      },
      { id: 'a4', name: 'Book', quantity: 1, unit_cost: 9.99, vat_category: 'Z', vat_rate: 0 },
    ],
    show_shipping: true,
    shipping_amount: 12.5,
    ...overrides,
  });
}

/** Every `<ram:ApplicableTradeTax>` of the header (the breakdown) as minor units and a rate in thousandths. */
function ciiBreakdown(xml: string) {
  const settlement = xml.slice(xml.indexOf('<ram:ApplicableHeaderTradeSettlement>'));
  return [...settlement.matchAll(/<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)].map(([, body]) => ({
    tax: minor(field(body!, 'CalculatedAmount')!),
    taxable: minor(field(body!, 'BasisAmount')!),
    category: field(body!, 'CategoryCode')!,
    rate: Math.round(Number(field(body!, 'RateApplicablePercent') ?? '0') * 1000),
    reason: field(body!, 'ExemptionReason'),
  }));
}

function field(xml: string, name: string): string | undefined {
  return new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)<`).exec(xml)?.[1];
}

/** "1234.56" (2 decimals; EUR here) as minor units, from the text so nothing is rounded twice. */
function minor(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function unescapeXml(text: string | undefined): string | undefined {
  return text
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function ciiOf(document: InvoiceDocument): string {
  const mapped = toEInvoice(document);
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.problems));
  return writeCii(mapped.invoice);
}

/** The PDF's text on one line per page, with the line breaks of wrapped labels as spaces. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  return spaced((await pageTexts(pdf)).join('\n'));
}

/** White space, the no-break spaces of formatted amounts too, as one space. */
function spaced(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

describe('the VAT breakdown on the PDF', () => {
  it.each(TEMPLATE_NAMES)('%s prints each VAT group with the figures of the CII XML', async (template) => {
    const document = invoiceDocumentInputSchema.parse(mixedBody({ template }));
    const xml = ciiOf(document);
    const groups = ciiBreakdown(xml);
    expect(groups.map((group) => group.category)).toEqual(['S', 'S', 'AE', 'Z']);
    const text = await pdfText(await renderInvoicePdf(document));
    const labels = labelsFor('en');
    const money = (value: number) => formatMoneyForReader(value, 'EUR', 'en');
    for (const group of groups) {
      // The reason (BT-120) is read after its row's label, before the amount.
      const reason = unescapeXml(group.reason);
      const label = labels.vatGroup(formatPercentForReader(group.rate, 'en'), money(group.taxable));
      const row = reason ? `${label} ${reason} ${money(group.tax)}` : `${label} ${money(group.tax)}`;
      expect(text, row).toContain(row);
    }
    // The document totals: amount taxed (BT-109), VAT (BT-110) as the sum of the rows, and the total (BT-112).
    const totals = computeTotals(document);
    expect(text).toContain(`${labels.netTotal} ${money(minor(field(xml, 'TaxBasisTotalAmount')!))}`);
    expect(groups.reduce((sum, group) => sum + group.tax, 0)).toBe(minor(field(xml, 'TaxTotalAmount')!));
    expect(minor(field(xml, 'TaxTotalAmount')!)).toBe(totals.tax);
    expect(text).toContain(`${labels.total} ${money(minor(field(xml, 'GrandTotalAmount')!))}`);
    // Simple mode's one tax row is not printed in VAT mode: its rate means nothing there.
    expect(text).not.toMatch(/\bTax\b/);
  });

  it('prints the breakdown in the document language, kept as a table of row headers and amounts', async () => {
    const document = invoiceDocumentInputSchema.parse(mixedBody({ language: 'de' }));
    const pdf = await renderInvoicePdf(document);
    const text = await pdfText(pdf);
    const labels = labelsFor('de');
    const totals = computeTotals(document);
    const money = (value: number) => formatMoneyForReader(value, 'EUR', 'de');
    const vatLabel = (rate: string, base: string) => spaced(labels.vatGroup(rate, base));
    for (const group of totals.vat!.groups) {
      expect(text).toContain(vatLabel(formatPercentForReader(group.rate, 'de'), money(group.taxable)));
    }
    expect(text).toContain(labels.netTotal);
    const tagged = taggedElements((await taggedDocument(pdf)).root);
    const headers = tagged.filter((node) => node.role === 'TH').map((node) => spaced(node.text));
    expect(headers.some((header) => header.includes(vatLabel('19 %', money(totals.vat!.groups[0]!.taxable))))).toBe(
      true,
    );
  });

  it('prints an exempt group without a typed reason with the default reason of the document language, as the XML does', async () => {
    // Reverse charge and intra-community supply with no reason typed: the catalogue's German words, on both.
    const items = [
      { id: 'b1', name: 'Beratung', quantity: 1, unit_cost: 500, vat_category: 'AE', vat_rate: 0 },
      { id: 'b2', name: 'Lieferung', quantity: 2, unit_cost: 40, vat_category: 'K', vat_rate: 0 },
      { id: 'b3', name: 'Entwurf', quantity: 1, unit_cost: 100, vat_category: 'S', vat_rate: 19 },
    ];
    const german = invoiceDocumentInputSchema.parse(mixedBody({ items, language: 'de' }));
    const labels = labelsFor('de');
    const xml = ciiOf(german);
    const reasons = ciiBreakdown(xml).map((group) => [group.category, unescapeXml(group.reason)]);
    expect(reasons).toEqual([
      ['AE', labels.vatReverseCharge],
      ['K', labels.vatIntraCommunity],
      ['S', undefined],
    ]);
    expect(labels.vatReverseCharge).toBe('Steuerschuldnerschaft des Leistungsempfängers');
    expect(computeTotals(german).vat!.groups.map((group) => group.exemption_reason)).toEqual([
      labels.vatReverseCharge,
      labels.vatIntraCommunity,
      undefined,
    ]);
    const text = await pdfText(await renderInvoicePdf(german));
    expect(text).toContain(labels.vatReverseCharge);
    expect(text).toContain(labels.vatIntraCommunity);
    expect(text).not.toContain(labelsFor('en').vatReverseCharge);

    // The same invoice in English keeps the English defaults, and a typed reason wins in any language.
    const english = invoiceDocumentInputSchema.parse(mixedBody({ items }));
    expect(ciiBreakdown(ciiOf(english)).map((group) => group.reason)).toEqual([
      'Reverse charge',
      'Intra-community supply',
      undefined,
    ]);
    const typed = invoiceDocumentInputSchema.parse(
      mixedBody({ items: [{ ...items[0], vat_exemption_reason: 'Art. 196 MwStSystRL' }, items[2]], language: 'de' }),
    );
    expect(ciiBreakdown(ciiOf(typed))[0]!.reason).toBe('Art. 196 MwStSystRL');
  });

  it('keeps the totals together on one page when the invoice runs over pages', async () => {
    const items = Array.from({ length: 60 }, (_, index) => ({
      id: `i${index}`,
      name: `Line ${index + 1}`,
      quantity: 1,
      unit_cost: 10 + index,
      vat_category: index % 2 ? 'S' : 'E',
      vat_rate: index % 2 ? 19 : 0,
      vat_exemption_reason: index % 2 ? undefined : 'Steuerfrei nach Paragraf 4 Nr. 14 UStG',
    }));
    const document = invoiceDocumentInputSchema.parse(mixedBody({ items }));
    const pages = await pageTexts(await renderInvoicePdf(document));
    expect(pages.length).toBeGreaterThan(1);
    const labels = labelsFor('en');
    const withTotals = pages.filter((page) => page.includes(labels.netTotal));
    expect(withTotals).toHaveLength(1);
    const page = spaced(withTotals[0]!);
    for (const group of computeTotals(document).vat!.groups) {
      expect(page).toContain(formatMoneyForReader(group.taxable, 'EUR', 'en'));
    }
    expect(page).toContain('Steuerfrei nach Paragraf 4 Nr. 14 UStG');
    expect(page).toContain(labels.total);
  });
});

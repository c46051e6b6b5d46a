import { epcCreditTransfer } from '@invoicer/domain/epc-qr';
import { TEMPLATE_NAMES } from '@invoicer/domain/invoice-templates';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catalogEntries,
  invoice,
  manyItems,
  pageTexts,
  pdfInfo,
  taggedDocument,
  taggedElements,
  type TaggedDocument,
  type TaggedNode,
} from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';

/**
 * Tagged, accessible PDFs (docs/decisions/0068-tagged-invoice-pdfs.md): read back with pdf.js as assistive
 * technology reads them, every piece of text belongs to exactly one structure element or is an artifact.
 */

let logo: Uint8Array;
beforeAll(async () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><circle cx="50" cy="50" r="40" fill="#1e3a8a"/></svg>',
  );
  logo = new Uint8Array(await sharp(svg).png().toBuffer());
});

const byRole = (tree: TaggedDocument, role: string): TaggedNode[] =>
  taggedElements(tree.root).filter((node) => node.role === role);

/** Every piece of text is in one structure element's content or in an artifact, and no content is left unclaimed. */
function expectWellTagged(tagged: TaggedDocument): void {
  expect(tagged.untagged).toEqual([]);
  expect(tagged.unclaimed).toEqual([]);
  expect(tagged.claimedTwice).toEqual([]);
}

/** The visible text of every page as pdf.js extracts it, without whitespace: what the tags must hold between them. */
const squeeze = (text: string): string => text.replace(/\s+/g, '');

/** Each code point of `text`, counted: tagged text plus artifacts must hold exactly what the pages show. */
function characterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const char of squeeze(text)) counts.set(char, (counts.get(char) ?? 0) + 1);
  return counts;
}

describe('tagged invoice PDFs', () => {
  it.each(TEMPLATE_NAMES)(
    '%s: marked, with a heading, a table, the logo as a figure, footers as artifacts',
    async (template) => {
      const pdf = await renderInvoicePdf(invoice({ template, items: [...invoice().items, ...manyItems(2)] }), {
        logo: { bytes: logo },
      });
      const catalog = catalogEntries(pdf);
      expect(catalog.markInfo).toMatch(/\/Marked true/);
      expect(catalog.structTreeRoot).toBe(true);

      const tagged = await taggedDocument(pdf);
      expectWellTagged(tagged);
      const [document] = tagged.root.children;
      expect(document?.role).toBe('Document');
      expect(byRole(tagged, 'H1').map((node) => node.text)).toEqual(['INVOICE']);
      const [figure] = byRole(tagged, 'Figure');
      expect(figure?.alt).toBe('Logo of Ada Lovelace Studio');

      const [items, totals] = byRole(tagged, 'Table');
      const [head, ...rows] = items!.children;
      expect(head!.children.map((cell) => [cell.role, cell.text])).toEqual([
        ['TH', 'Item'],
        ['TH', 'Qty'],
        ['TH', 'Rate'],
        ['TH', 'Amount'],
      ]);
      expect(rows.map((row) => row.children.map((cell) => cell.role))).toEqual(
        rows.map(() => ['TD', 'TD', 'TD', 'TD']),
      );
      // The item cell holds the name and then its description, though the numbers are drawn between them.
      expect(rows[0]!.children.map((cell) => cell.text)).toEqual([
        'Website design Landing page, two iterations',
        '3',
        '€10.05',
        '€30.15',
      ]);
      expect(totals!.children.map((row) => row.children.map((cell) => `${cell.role} ${cell.text}`))).toEqual([
        ['TH Subtotal', 'TD €60.65'],
        ['TH Tax (7.5%)', 'TD €4.55'],
        ['TH Total', 'TD €65.20'],
      ]);
      expect(byRole(tagged, 'H2').map((node) => node.text)).toEqual(['Payment Details', 'Terms']);
      expect(tagged.artifacts[0]).toEqual(['Invoice #0042', 'Page 1 of 1']);

      // The tags hold the visible text: what pdf.js extracts equals the tagged text plus the artifacts, character for character.
      const tags = taggedElements(tagged.root)
        .map((node) => node.text)
        .join('');
      expect(characterCounts(tags + tagged.artifacts.flat().join(''))).toEqual(
        characterCounts((await pageTexts(pdf)).join('')),
      );
    },
  );

  it('reads in order: the title, the number and dates, the parties, the items, the totals, the payment details and terms', async () => {
    const tagged = await taggedDocument(await renderInvoicePdf(invoice()));
    const document = tagged.root.children[0]!;
    expect(document.children.map((node) => node.role)).toEqual([
      'H1',
      'P',
      'P',
      'P',
      'P',
      'P',
      'P',
      'Table',
      'Table',
      'H2',
      'P',
      'H2',
      'P',
    ]);
    expect(document.children.slice(0, 7).map((node) => node.text)).toEqual([
      'INVOICE',
      '#0042',
      'Issued November 21, 2026',
      'Due November 28, 2026',
      'Amount due €32.41 by November 28, 2026',
      'From Ada Lovelace Studio 12 Analytical Row London EC1A 1BB',
      'To Grace Hopper Ltd 1 Compiler Way Arlington, VA 22201',
    ]);
  });

  it('keeps one items table across pages, its header repeated on later pages as an artifact', async () => {
    const items = manyItems(60);
    const pdf = await renderInvoicePdf(invoice({ items }));
    const tagged = await taggedDocument(pdf);
    expect(tagged.artifacts.length).toBeGreaterThan(2);
    expectWellTagged(tagged);
    const tables = byRole(tagged, 'Table');
    expect(tables).toHaveLength(2); // the items and the totals
    const [head, ...rows] = tables[0]!.children;
    expect(head!.children.map((cell) => cell.role)).toEqual(['TH', 'TH', 'TH', 'TH']);
    expect(rows.map((row) => row.children[0]!.text)).toEqual(
      items.map((item) => [item.name, item.description].filter(Boolean).join(' ')),
    );
    // Every page the table continues on starts with the header again, as an artifact; each ends with its footer.
    const continued = tagged.artifacts.slice(1).filter((texts) => texts[0] === 'Item');
    expect(continued.length).toBeGreaterThanOrEqual(2);
    for (const texts of continued) expect(texts.slice(0, 4)).toEqual(['Item', 'Qty', 'Rate', 'Amount']);
    tagged.artifacts.forEach((texts, index) =>
      expect(texts.slice(-2)).toEqual(['Invoice #0042', `Page ${index + 1} of ${tagged.artifacts.length}`]),
    );
  });

  it('tags a row taller than a page across the pages it runs over', async () => {
    const description = Array.from({ length: 120 }, (_, i) => `Line ${i + 1} of a very long description`).join('\n');
    const pdf = await renderInvoicePdf(invoice({ items: [{ name: 'Long', description, quantity: 1, unitCost: 100 }] }));
    const tagged = await taggedDocument(pdf);
    expect(tagged.artifacts.length).toBeGreaterThan(1);
    expectWellTagged(tagged);
    const [, row] = byRole(tagged, 'Table')[0]!.children;
    expect(row!.children[0]!.text).toBe(`Long ${description.replace(/\n/g, ' ')}`);
  });

  it('tags Arabic and Japanese invoices the same way, in their language', async () => {
    for (const language of ['ar', 'ja']) {
      const tagged = await taggedDocument(
        await renderInvoicePdf(
          invoice({
            language,
            from:
              language === 'ar'
                ? 'شركة النور للتجارة\nشارع الملك فهد 12، الرياض'
                : '株式会社サンプル\n東京都千代田区丸の内1-1-1',
          }),
          { logo: { bytes: logo } },
        ),
      );
      expectWellTagged(tagged);
      expect(byRole(tagged, 'H1')).toHaveLength(1);
      expect(byRole(tagged, 'TH')).toHaveLength(4 + 3); // the items' header and the totals' labels
      const [figure] = byRole(tagged, 'Figure');
      // In the document's language (ADR 75), which the figure inherits from the document.
      expect(figure?.alt).toBe(language === 'ar' ? 'شعار شركة النور للتجارة' : '株式会社サンプルのロゴ');
      expect(figure?.lang ?? null).toBeNull();
    }
  });

  it('tags the payment QR code as a figure with its caption as Alt, and its details as paragraphs', async () => {
    const transfer = epcCreditTransfer({
      payee: {
        name: 'Ada Lovelace Studio',
        accountHolder: 'Ada Lovelace',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      },
      currency: 'EUR',
      amountDueMinor: 3_241,
      invoiceNumber: '0042',
    })!;
    const tagged = await taggedDocument(await renderInvoicePdf(invoice(), { transfer }));
    expectWellTagged(tagged);
    const document = tagged.root.children[0]!;
    const at = document.children.findIndex((node) => node.role === 'Figure');
    expect(document.children[at]!.alt).toBe('Scan to pay with your banking app');
    expect(document.children.slice(at + 1, at + 3).map((node) => [node.role, node.text])).toEqual([
      ['P', 'Scan to pay with your banking app'],
      ['P', 'IBAN: DE89 3704 0044 0532 0130 00'],
    ]);
  });

  it('describes the document: title, author, subject, creator, language and the title in the window', async () => {
    const pdf = await renderInvoicePdf(invoice());
    const info = await pdfInfo(pdf);
    expect(info).toMatchObject({
      Title: 'Invoice 0042',
      Author: 'Ada Lovelace Studio',
      Subject: 'Amount due €32.41 by November 28, 2026',
      Creator: 'Invoicer',
      Producer: 'Invoicer',
      Language: 'en-US',
    });
    expect(catalogEntries(pdf).viewerPreferences).toMatch(/\/DisplayDocTitle true/);
    const german = await pdfInfo(await renderInvoicePdf(invoice({ language: 'de' })));
    expect((german.Subject as string).replace(/\s/g, ' ')).toBe('Zu zahlen: 32,41 € bis 28. November 2026');
    expect(german.Language).toBe('de');
  });
});

import type { InvoiceDocument, InvoiceDocumentItem } from '@invoicer/domain/invoice-document';
import { extractText, getDocumentProxy } from 'unpdf';

/** Invoices and PDF reading helpers shared by the PDF tests (not used by the server). */

export function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    from: 'Ada Lovelace Studio\n12 Analytical Row\nLondon EC1A 1BB',
    to: 'Grace Hopper Ltd\n1 Compiler Way\nArlington, VA 22201',
    invoiceNumber: '0042',
    issuedDate: '2026-11-21',
    dueDate: '2026-11-28',
    items: [{ name: 'Website design', description: 'Landing page, two iterations', quantity: 3, unitCost: 1005 }],
    tax: { enabled: true, type: 'percent', value: 7_500 },
    discount: { enabled: false, type: 'percent', value: 0 },
    shipping: { enabled: false, amount: 0 },
    paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00',
    paymentInstructions: '',
    terms: 'Please submit payment within 15 days of receipt of this invoice.',
    logo: null,
    currency: 'EUR',
    ...overrides,
  };
}

/** `count` items named "Service line 001" …, every third with a description. */
export function manyItems(count: number): InvoiceDocumentItem[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Service line ${String(index + 1).padStart(3, '0')}`,
    description: index % 3 === 0 ? 'Analysis, implementation and review of the requested change set' : '',
    quantity: (index % 5) + 1,
    unitCost: 1000 + index * 25,
  }));
}

/** Text of each page, in drawing order. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(pdf.slice(), { mergePages: false });
  return text;
}

export interface PlacedText {
  page: number;
  text: string;
  x: number;
  width: number;
}

/** Every text run with its page (1-based), left edge and width in points. */
export async function placedTexts(pdf: Uint8Array): Promise<PlacedText[]> {
  const document = await getDocumentProxy(pdf.slice());
  const placed: PlacedText[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      placed.push({ page: number, text: item.str, x: item.transform[4] as number, width: item.width });
    }
  }
  await document.destroy();
  return placed;
}

export async function pdfInfo(pdf: Uint8Array): Promise<Record<string, unknown>> {
  const document = await getDocumentProxy(pdf.slice());
  const { info } = await document.getMetadata();
  await document.destroy();
  return info as Record<string, unknown>;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import type { TemplateName } from '@invoicer/domain/invoice-templates';
import type { PdfPool, PdfRenderOptions } from '../../pdf/pdf-pool';

/**
 * The thumbnails of Settings > Invoice Templates: page 1 of one sample invoice in each template and
 * accent colour, drawn by our own engine like every preview and kept in memory, so choosing a colour
 * again costs nothing (docs/decisions/0062-three-templates-and-the-accent-colour.md).
 */

/** 60 dpi: a 496 x 701 px page, sharp at the cards' width on a 2x screen, about 40 KB. */
export const THUMBNAIL_DPI = 60;

/** At most this many thumbnails are kept (3 templates x 40 colours); the oldest goes first. */
const MAX_CACHED = 120;

export const SAMPLE_INVOICE: InvoiceDocument = {
  from: 'Northwind Studio\n12 Harbour Street\nBristol BS1 4DJ',
  to: 'Contoso Ltd\n500 Market Road\nLeeds LS1 2AB',
  invoiceNumber: 'INV-0042',
  issuedDate: '2026-11-02',
  dueDate: '2026-11-16',
  items: [
    { name: 'Brand workshop', description: 'Half-day session with the team', quantity: 1, unitCost: 120_000 },
    { name: 'Logo design', description: 'Three concepts, two rounds of changes', quantity: 1, unitCost: 240_000 },
    { name: 'Website pages', description: '', quantity: 6, unitCost: 35_000 },
    { name: 'Copy editing', description: '', quantity: 4, unitCost: 6_500 },
  ],
  tax: { enabled: true, type: 'percent', value: 20_000 },
  discount: { enabled: false, type: 'percent', value: 0 },
  shipping: { enabled: false, amount: 0 },
  paymentDetails: 'Bank transfer to GB33 BUKB 2020 1555 5555 55',
  paymentInstructions: '',
  terms: 'Payment within 14 days. Thank you for your business.',
  logo: null,
  currency: 'GBP',
};

const cache = new Map<string, Promise<Uint8Array>>();

/** The PNG of the sample invoice in that template and colour (null: the template's own). */
export function templateThumbnail(
  pdf: PdfPool,
  template: TemplateName,
  accentColor: string | null,
  context: Pick<PdfRenderOptions, 'client'>,
): Promise<Uint8Array> {
  const key = `${template} ${accentColor ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    found = pdf
      .preview({ ...SAMPLE_INVOICE, template, accentColor }, { page: 1, dpi: THUMBNAIL_DPI, ...context })
      .then((preview) => preview.png);
    // Rendered for whoever asks next too, so no client's signal aborts it; a failed render is not kept.
    found.catch(() => cache.delete(key));
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  return found;
}

import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfPool, defaultThreadCount, pdfWorkerLocation, type PdfPool } from './pdf-pool';
import { invoice, manyItems, pageTexts, PNG_SIGNATURE, pngSize } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';
import { PageOutOfRangeError } from './render-preview-png';
import { UnknownTemplateError } from './templates/template-registry';

describe('pdfWorkerLocation', () => {
  it('uses the .ts worker through tsx from the source tree', () => {
    const location = pdfWorkerLocation('file:///repo/apps/server/src/pdf/pdf-pool.ts');
    expect(location.filename).toBe('/repo/apps/server/src/pdf/pdf-worker.ts');
    expect(location.execArgv?.[0]).toBe('--import');
  });

  it('uses dist/pdf-worker.js beside the bundle', () => {
    expect(pdfWorkerLocation('file:///srv/app/dist/main.js')).toEqual({ filename: '/srv/app/dist/pdf-worker.js' });
  });

  it('points at a worker file that exists here', () => {
    expect(pdfWorkerLocation().filename).toBe(fileURLToPath(new URL('./pdf-worker.ts', import.meta.url)));
  });
});

describe('createPdfPool', () => {
  let pool: PdfPool;

  beforeAll(() => {
    pool = createPdfPool({ threads: 2 });
  });

  afterAll(async () => {
    await pool.close();
  });

  it('defaults to between 1 and 4 threads', () => {
    expect(defaultThreadCount()).toBeGreaterThanOrEqual(1);
    expect(defaultThreadCount()).toBeLessThanOrEqual(4);
    expect(pool.threads).toBe(2);
  });

  it('renders on the worker threads the same bytes as in-process', async () => {
    const doc = invoice({ currency: 'INR', items: manyItems(40) });
    const [fromPool, inProcess] = await Promise.all([pool.render(doc), renderInvoicePdf(doc)]);
    expect(Buffer.from(fromPool).equals(Buffer.from(inProcess))).toBe(true);
    expect((await pageTexts(fromPool)).join('\n')).toContain('Subtotal ₹');
  });

  it('serves concurrent requests', async () => {
    const numbers = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(4, '0'));
    const pdfs = await Promise.all(numbers.map((invoiceNumber) => pool.render(invoice({ invoiceNumber }))));
    const texts = await Promise.all(pdfs.map(pageTexts));
    texts.forEach((pages, i) => expect(pages[0]).toContain(`#${numbers[i]}`));
  });

  it('previews a page as PNG with the page count', async () => {
    const preview = await pool.preview(invoice({ items: manyItems(200) }), { page: 2, dpi: 100 });
    expect([...preview.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(preview.png)).toEqual({ width: 827, height: 1169 });
    expect(preview.page).toBe(2);
    expect(preview.pageCount).toBeGreaterThan(3);
  });

  it('rejects a page beyond the count with PageOutOfRangeError', async () => {
    const error = await pool.preview(invoice(), { page: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageOutOfRangeError);
    expect(error).toMatchObject({ page: 2, pageCount: 1 });
  });

  it('rejects an unknown template with UnknownTemplateError', async () => {
    await expect(pool.render(invoice(), { template: 'minimal' as never })).rejects.toBeInstanceOf(UnknownTemplateError);
  });

  it('passes logos to the workers', async () => {
    const logo = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 30, g: 58, b: 138, alpha: 0.5 } } })
        .png()
        .toBuffer(),
    );
    const pdf = await pool.render(invoice(), { logo: { bytes: logo } });
    expect(Buffer.from(pdf).includes('/Subtype /Image')).toBe(true);
    expect(logo.byteLength).toBeGreaterThan(0); // the caller's bytes are copied, not moved away
  });
});

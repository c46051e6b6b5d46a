import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoice, manyItems, PNG_SIGNATURE, pngSize } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';
import { PageOutOfRangeError, renderPreviewPng } from './render-preview-png';

/** Share of dark pixels in a region given as fractions of the page. */
async function inkIn(png: Uint8Array, region: { left: number; top: number; width: number; height: number }) {
  const image = sharp(png);
  const { width, height } = await image.metadata();
  const area = {
    left: Math.round(region.left * width),
    top: Math.round(region.top * height),
    width: Math.round(region.width * width),
    height: Math.round(region.height * height),
  };
  const pixels = await image.extract(area).greyscale().raw().toBuffer();
  let dark = 0;
  for (const value of pixels) if (value < 128) dark++;
  return dark / pixels.length;
}

describe('renderPreviewPng', () => {
  let onePage: Uint8Array;
  let longInvoice: Uint8Array;

  beforeAll(async () => {
    onePage = await renderInvoicePdf(invoice());
    longInvoice = await renderInvoicePdf(invoice({ items: manyItems(200) }));
  });

  it('renders page 1 as an A4 PNG at 150 dpi by default', async () => {
    const preview = await renderPreviewPng(onePage);
    expect([...preview.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(preview.png)).toEqual({ width: 1240, height: 1754 }); // 210 × 297 mm at 150 dpi
    expect(preview).toMatchObject({ page: 1, pageCount: 1 });
  });

  it('follows the dpi, within 36..300', async () => {
    expect(pngSize((await renderPreviewPng(onePage, { dpi: 72 })).png)).toEqual({ width: 595, height: 842 });
    expect(pngSize((await renderPreviewPng(onePage, { dpi: 1 })).png)).toEqual({ width: 298, height: 421 });
    expect(pngSize((await renderPreviewPng(onePage, { dpi: Number.NaN })).png)).toEqual({ width: 1240, height: 1754 });
  });

  it('draws the embedded fonts as glyphs', async () => {
    const { png } = await renderPreviewPng(onePage);
    // "INVOICE" in the top right corner, the body text of the parties at the left, blank margins.
    expect(await inkIn(png, { left: 0.6, top: 0.05, width: 0.35, height: 0.05 })).toBeGreaterThan(0.05);
    expect(await inkIn(png, { left: 0.08, top: 0.2, width: 0.3, height: 0.08 })).toBeGreaterThan(0.01);
    expect(await inkIn(png, { left: 0, top: 0, width: 0.05, height: 1 })).toBe(0);
  });

  it('renders any page of a long invoice and reports the page count', async () => {
    const last = await renderPreviewPng(longInvoice, { page: 3 });
    expect(last.page).toBe(3);
    expect(last.pageCount).toBeGreaterThan(3);
    expect([...last.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it.each([0, 2, -1, 1.5])('rejects page %s of a one-page invoice with PageOutOfRangeError', async (page) => {
    const error = await renderPreviewPng(onePage, { page }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageOutOfRangeError);
    expect(error).toMatchObject({ page, pageCount: 1 });
  });
});

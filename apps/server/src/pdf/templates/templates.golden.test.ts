import { TEMPLATE_NAMES } from '@invoicer/domain/invoice-templates';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { invoice, manyItems } from '../pdf-test-fixtures';
import { renderInvoicePdf } from '../render-invoice-pdf';
import { renderPreviewPng } from '../render-preview-png';

/**
 * Golden images of the three templates (docs/decisions/0062-three-templates-and-the-accent-colour.md): page 1
 * of one invoice at 72 dpi against the PNG committed in golden/. A change of look fails here until the PNG is
 * written again on purpose: `UPDATE_GOLDEN=1 npx vitest run --project server templates.golden` (then look at it).
 */

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const DPI = 72;
/** A pixel differs when a channel moves by more than this (anti-aliasing of another rasteriser build stays under). */
const CHANNEL_TOLERANCE = 48;
/** At most this share of the page's pixels may differ: 0.05 %, about 250 pixels of an A4 page at 72 dpi. */
const MAX_DIFFERENT_SHARE = 0.0005;

const sample = (template: (typeof TEMPLATE_NAMES)[number]) =>
  invoice({
    template,
    accentColor: template === 'minimal' ? null : '#0f766e',
    items: [...invoice().items, ...manyItems(4)],
    discount: { enabled: true, type: 'percent', value: 5_000 },
  });

async function rgb(png: Uint8Array | Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The share of pixels where some channel differs by more than CHANNEL_TOLERANCE; 1 when the sizes differ. */
async function differentShare(a: Uint8Array | Buffer, b: Uint8Array | Buffer): Promise<number> {
  const [left, right] = [await rgb(a), await rgb(b)];
  if (left.width !== right.width || left.height !== right.height) return 1;
  let different = 0;
  for (let i = 0; i < left.data.length; i += 3) {
    const delta = Math.max(
      Math.abs(left.data[i]! - right.data[i]!),
      Math.abs(left.data[i + 1]! - right.data[i + 1]!),
      Math.abs(left.data[i + 2]! - right.data[i + 2]!),
    );
    if (delta > CHANNEL_TOLERANCE) different++;
  }
  return different / (left.width * left.height);
}

async function page1(template: (typeof TEMPLATE_NAMES)[number]): Promise<Uint8Array> {
  return (await renderPreviewPng(await renderInvoicePdf(sample(template)), { page: 1, dpi: DPI })).png;
}

describe('golden images of the templates', () => {
  it.each(TEMPLATE_NAMES)('%s matches its committed PNG', async (template) => {
    const file = join(GOLDEN_DIR, `${template}.png`);
    const png = await page1(template);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, png);
    expect(existsSync(file), `golden/${template}.png is missing: write it with UPDATE_GOLDEN=1`).toBe(true);
    expect(await differentShare(png, readFileSync(file))).toBeLessThanOrEqual(MAX_DIFFERENT_SHARE);
  });

  it('tells the templates apart, so a template drawn in another look fails', async () => {
    const modern = readFileSync(join(GOLDEN_DIR, 'modern.png'));
    for (const template of ['classic', 'minimal'] as const) {
      expect(await differentShare(await page1(template), modern)).toBeGreaterThan(10 * MAX_DIFFERENT_SHARE);
    }
  });
});

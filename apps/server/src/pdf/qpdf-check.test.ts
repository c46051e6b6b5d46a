import createQpdf, { type QpdfInstance } from '@neslinesli93/qpdf-wasm';
import { TEMPLATE_NAMES } from '@invoicer/domain/invoice-templates';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoice, manyItems } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';

/**
 * `qpdf --check` on the PDFs we write (issue 16, docs/decisions/0068-tagged-invoice-pdfs.md): qpdf itself, compiled
 * to WebAssembly (the package ships the .wasm, so it runs offline), reading every object, cross-reference and stream.
 */

let qpdf: QpdfInstance;
/** What qpdf printed (it prints through console.log, which it binds when it starts). */
let printed: string[] = [];
let logo: Uint8Array;

beforeAll(async () => {
  const wasm = join(dirname(createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm')), 'qpdf.wasm');
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  qpdf = await createQpdf({ locateFile: () => wasm });
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#0f766e"/></svg>',
  );
  logo = new Uint8Array(await sharp(svg).png().toBuffer());
});

afterEach(() => {
  printed = [];
});

/** qpdf's exit code for `--check` (0 clean, 2 errors, 3 warnings) and what it printed. */
function check(pdf: Uint8Array): { code: number; output: string } {
  const exitCode = process.exitCode;
  (qpdf.FS as unknown as { writeFile(path: string, data: Uint8Array): void }).writeFile('/invoice.pdf', pdf);
  const code = qpdf.callMain(['--check', '/invoice.pdf']);
  process.exitCode = exitCode; // the Emscripten runtime sets the process's exit code to qpdf's
  return { code, output: printed.join('\n') };
}

const samples = {
  typical: () => ({ invoice: invoice(), logo: false }),
  'multi-page': () => ({ invoice: invoice({ items: manyItems(60) }), logo: false }),
  'with a logo': () => ({ invoice: invoice(), logo: true }),
  Arabic: () => ({
    invoice: invoice({
      language: 'ar',
      from: 'شركة النور للتجارة\nشارع الملك فهد 12، الرياض',
      items: [{ name: 'تصميم موقع إلكتروني', description: 'صفحة رئيسية', quantity: 2, unitCost: 15000 }],
    }),
    logo: true,
  }),
  Japanese: () => ({
    invoice: invoice({
      language: 'ja',
      currency: 'JPY',
      from: '株式会社サンプル\n東京都千代田区丸の内1-1-1',
      items: [{ name: 'ウェブサイト制作', description: 'デザインとコーディング', quantity: 1, unitCost: 150000 }],
    }),
    logo: true,
  }),
};

describe('qpdf --check', () => {
  for (const template of TEMPLATE_NAMES) {
    it.each(Object.keys(samples) as Array<keyof typeof samples>)(`${template}: %s is clean`, async (name) => {
      const sample = samples[name]();
      const pdf = await renderInvoicePdf(
        { ...sample.invoice, template },
        { logo: sample.logo ? { bytes: logo } : null },
      );
      const { code, output } = check(pdf);
      expect(output).toMatch(/No syntax or stream encoding errors found/);
      expect(code, output).toBe(0);
    });
  }

  it('fails a damaged PDF, so a clean result means something', async () => {
    const pdf = Buffer.from(await renderInvoicePdf(invoice()));
    const damaged = Buffer.from(
      pdf.toString('latin1').replace('/Type /StructTreeRoot', '/Type /StructTreeRoot /K [9999 0 R'),
      'latin1',
    );
    expect(check(damaged).code).not.toBe(0);
  });
});

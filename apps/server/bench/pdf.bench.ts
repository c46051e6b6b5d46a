/**
 * PDF engine benchmark: `npx tsx bench/pdf.bench.ts` from apps/server (`npm run bench:pdf`).
 *
 * Measures, warm and in-process, our renderer on a one-page and a 200-item invoice, the PNG preview
 * of page 1, the worker pool's throughput, and in the same run the baseline ADR 26 rejected
 * (docs/decisions/0026-chosen-dependencies.md):
 * headless Chromium printing an equivalent HTML invoice with one reused page (setContent, then pdf).
 * Prints a Markdown table; the ratios compare medians measured in this run.
 *
 * Options: --iterations=N (default 100), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { computeTotals } from '@invoicer/domain/totals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import PDFDocument from 'pdfkit';
import { chromium } from 'playwright-core';
import { FONT_FILES, resolveFontsDir } from '../src/pdf/fonts-dir';
import { createPdfPool } from '../src/pdf/pdf-pool';
import { renderInvoicePdf } from '../src/pdf/render-invoice-pdf';
import { renderPreviewPng } from '../src/pdf/render-preview-png';
import { MODERN_LOOK, modernTemplate } from '../src/pdf/templates/modern';
import { invoice, invoiceHtml } from './invoice-fixtures';
import { CHROMIUM_ARGS, chromiumPath, NO_CHROMIUM } from '../../../scripts/chromium.mjs';

const iterationsArg = process.argv.find((arg) => arg.startsWith('--iterations='));
const ITERATIONS = iterationsArg ? Math.max(5, Number(iterationsArg.split('=')[1])) : 100;
const CHROMIUM = chromiumPath();

const fontBytes = {
  regular: readFileSync(join(resolveFontsDir(), FONT_FILES.regular)),
  bold: readFileSync(join(resolveFontsDir(), FONT_FILES.bold)),
};

/** The same template the way pdfkit is usually driven: font bytes registered, so parsed, in every document. */
async function renderParsingFontsPerDocument(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, bufferPages: true });
  pdf.registerFont('regular', fontBytes.regular);
  pdf.registerFont('bold', fontBytes.bold);
  const chunks: Buffer[] = [];
  const finished = new Promise((resolve) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
  });
  modernTemplate.render({
    doc: pdf,
    invoice: doc,
    totals: computeTotals(doc),
    logo: null,
    payment: null,
    paid: null,
    accentColor: MODERN_LOOK.accent,
    paper: 'a4',
    language: 'en',
  });
  pdf.end();
  await finished;
  return Buffer.concat(chunks);
}

interface Sample {
  median: number;
  p90: number;
  perSecond: number;
}

async function measure(iterations: number, run: () => Promise<unknown>): Promise<Sample> {
  for (let i = 0; i < Math.min(20, iterations); i++) await run(); // warm-up: JIT, caches
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p90: times[Math.floor(times.length * 0.9)]!,
    perSecond: (iterations * 1000) / total,
  };
}

const ms = (value: number): string => value.toFixed(1);
const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;

async function main(): Promise<void> {
  const onePage = invoice(3);
  const longInvoice = invoice(200);
  const results: string[][] = [];
  const medians: Record<string, number> = {};

  const coldStart = performance.now();
  const onePagePdf = await renderInvoicePdf(onePage);
  const cold = performance.now() - coldStart;
  const longPdf = await renderInvoicePdf(longInvoice);
  const pages = (await renderPreviewPng(longPdf, { dpi: 36 })).pageCount;

  for (const [label, key, doc, n] of [
    ['ours: one-page invoice', 'one', onePage, ITERATIONS],
    [`ours: 200-item invoice (${pages} pages)`, 'long', longInvoice, Math.max(5, Math.round(ITERATIONS / 4))],
  ] as const) {
    const sample = await measure(n, () => renderInvoicePdf(doc));
    medians[key] = sample.median;
    results.push([label, ms(sample.median), ms(sample.p90), sample.perSecond.toFixed(0), String(n)]);
  }
  results.push(['ours: first render in a fresh process (font parsing)', ms(cold), '', '', '1']);
  for (const [label, key, doc] of [
    ['pdfkit parsing the fonts per document: one-page', 'one', onePage],
    ['pdfkit parsing the fonts per document: 200-item', 'long', longInvoice],
  ] as const) {
    const sample = await measure(Math.max(5, Math.round(ITERATIONS / 4)), () => renderParsingFontsPerDocument(doc));
    const ratio = sample.median / medians[key]!;
    results.push([
      `${label} (font reuse ${ratio.toFixed(1)}x faster)`,
      ms(sample.median),
      ms(sample.p90),
      sample.perSecond.toFixed(0),
      String(Math.max(5, Math.round(ITERATIONS / 4))),
    ]);
  }

  for (const [label, pdf] of [
    ['preview PNG, page 1 of the one-page invoice, 150 dpi', onePagePdf],
    ['preview PNG, page 1 of the 200-item invoice, 150 dpi', longPdf],
  ] as const) {
    const n = Math.max(5, Math.round(ITERATIONS / 4));
    const sample = await measure(n, () => renderPreviewPng(pdf, { page: 1 }));
    medians[label] = sample.median;
    results.push([label, ms(sample.median), ms(sample.p90), sample.perSecond.toFixed(0), String(n)]);
  }

  const pool = createPdfPool();
  try {
    await Promise.all(Array.from({ length: pool.threads * 4 }, () => pool.render(onePage))); // threads warm
    const count = ITERATIONS * 2;
    const start = performance.now();
    await Promise.all(Array.from({ length: count }, () => pool.render(onePage)));
    const seconds = (performance.now() - start) / 1000;
    results.push([
      `pool (${pool.threads} threads): one-page invoices, ${count} concurrent`,
      '',
      '',
      (count / seconds).toFixed(0),
      String(count),
    ]);
  } finally {
    await pool.close();
  }

  let baseline = `Chromium baseline skipped. ${NO_CHROMIUM}`;
  if (CHROMIUM && existsSync(CHROMIUM)) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    try {
      const page = await browser.newPage();
      for (const [label, key, doc, n] of [
        ['Chromium page.pdf(): one-page invoice', 'one', onePage, Math.max(5, Math.round(ITERATIONS / 2))],
        ['Chromium page.pdf(): 200-item invoice', 'long', longInvoice, Math.max(5, Math.round(ITERATIONS / 10))],
      ] as const) {
        const html = invoiceHtml(doc);
        const sample = await measure(n, async () => {
          await page.setContent(html);
          return page.pdf({ format: 'A4', printBackground: true });
        });
        const ratio = sample.median / medians[key]!;
        results.push([
          `${label} (ours ${ratio.toFixed(1)}x faster)`,
          ms(sample.median),
          ms(sample.p90),
          sample.perSecond.toFixed(0),
          String(n),
        ]);
      }
      baseline = `Chromium ${browser.version()} with one reused page (setContent, then pdf).`;
    } finally {
      await browser.close();
    }
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`PDF engine benchmark, Node ${process.version}, ${availableParallelism()} cores (${cpu})`);
  console.log(baseline);
  console.log('');
  console.log(row(['case', 'median ms', 'p90 ms', 'per second', 'runs']));
  console.log(row(['---', '---:', '---:', '---:', '---:']));
  for (const result of results) console.log(row(result));
}

await main();

/**
 * Every script renders: what it costs (`npm run bench:scripts`, docs/benchmarks.md, ADR 58).
 *
 * In one run, warm and in-process unless said otherwise:
 * - a one-page Latin invoice with this engine and with the engine before it (`--baseline=DIR`, a
 *   checkout of the earlier apps/server whose src/pdf is imported side by side; without it the row is
 *   skipped), in alternating rounds so both see the same machine;
 * - a one-page invoice mixing Chinese, Japanese, Korean, Arabic and Latin, against the Latin one;
 * - the first CJK document after a PDF thread starts (a fresh one-thread pool each time, which has
 *   rendered its Latin warm-up invoice, as production threads do);
 * - the size of a CJK invoice PDF;
 * - a PDF thread's memory with Noto Sans only and with every font loaded.
 *
 * Options: --iterations=N (default 200), --baseline=DIR.
 */
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { resolveFontsDir } from '../src/pdf/fonts-dir';
import { createPdfPool } from '../src/pdf/pdf-pool';
import type { PdfTask, PdfTaskResult } from '../src/pdf/pdf-worker';
import { renderInvoicePdf } from '../src/pdf/render-invoice-pdf';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ITERATIONS = Math.max(20, Number(argument('iterations') ?? 200));
const BASELINE = argument('baseline');

const base: InvoiceDocument = {
  from: 'Ada Lovelace Studio\n12 Analytical Row\nLondon EC1A 1BB\nada@example.com',
  to: 'Grace Hopper Ltd\n1 Compiler Way\nArlington, VA 22201',
  invoiceNumber: '0042',
  issuedDate: '2026-11-21',
  dueDate: '2026-11-28',
  items: [
    { name: 'Service line 001', description: 'Analysis, implementation and review', quantity: 1, unitCost: 1000 },
    { name: 'Service line 002', description: '', quantity: 2, unitCost: 1025 },
    { name: 'Service line 003', description: '', quantity: 3, unitCost: 1050 },
  ],
  tax: { enabled: true, type: 'percent', value: 7_500 },
  discount: { enabled: true, type: 'percent', value: 5_000 },
  shipping: { enabled: true, amount: 1250 },
  paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX',
  paymentInstructions: '',
  terms: 'Please submit payment within 15 days of receipt of this invoice.',
  logo: null,
  currency: 'EUR',
};

const latin = base;
const mixed: InvoiceDocument = {
  ...base,
  from: '株式会社サンプル\n東京都千代田区丸の内1-1-1\nada@example.com',
  to: 'شركة النور للتجارة\nشارع الملك فهد 12، الرياض',
  items: [
    { name: 'ウェブサイト制作 Website', description: '设计与开发，两轮修改', quantity: 1, unitCost: 1000 },
    { name: '웹사이트 디자인', description: 'تصميم موقع إلكتروني', quantity: 2, unitCost: 1025 },
    { name: 'Service line 003', description: '', quantity: 3, unitCost: 1050 },
  ],
  terms: 'お支払いは請求書受領後15日以内にお願いいたします。Please pay within 15 days.',
};
const cjk: InvoiceDocument = {
  ...base,
  from: '北京星辰科技有限公司\n北京市朝阳区建国路88号',
  to: '株式会社サンプル\n東京都千代田区丸の内1-1-1',
  items: [
    { name: '网站设计与开发', description: '两轮修改，含响应式布局', quantity: 1, unitCost: 1000 },
    { name: 'ウェブサイト制作', description: 'デザインとコーディング', quantity: 2, unitCost: 1025 },
    { name: '웹사이트 디자인', description: '반응형 레이아웃 포함', quantity: 3, unitCost: 1050 },
  ],
  terms: '请在收到发票后十五天内付款。お支払いは請求書受領後15日以内にお願いいたします。',
};
/** Text in every script the engine has a font for, so a thread loads all of them. */
const everyScript: InvoiceDocument = {
  ...mixed,
  paymentDetails: 'עברית ภาษาไทย हिन्दी বাংলা தமிழ் తెలుగు ગુજરાતી ਪੰਜਾਬੀ ଓଡ଼ିଆ ಕನ್ನಡ മലയാളം ქართული Հայերեն ★ ✓ → ∑ ① 🚀',
};

type Render = (invoice: InvoiceDocument) => Promise<Uint8Array>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeEach(render: Render, invoice: InvoiceDocument, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await render(invoice);
    times.push(performance.now() - start);
  }
  return times;
}

/** Medians of several engines on one invoice, measured in alternating rounds after a warm-up. */
async function sideBySide(engines: Record<string, Render>, invoice: InvoiceDocument): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = {};
  for (const [name, render] of Object.entries(engines)) {
    await timeEach(render, invoice, 30);
    samples[name] = [];
  }
  const rounds = 10;
  for (let round = 0; round < rounds; round++) {
    for (const [name, render] of Object.entries(engines)) {
      samples[name]!.push(...(await timeEach(render, invoice, Math.ceil(ITERATIONS / rounds))));
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, times]) => [name, median(times)]));
}

const MB = 1024 * 1024;
const ms = (value: number) => value.toFixed(2);
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

async function main(): Promise<void> {
  const rows: string[][] = [];
  const engines: Record<string, Render> = { ours: (invoice) => renderInvoicePdf(invoice) };
  if (BASELINE) {
    const module = (await import(pathToFileURL(resolve(BASELINE, 'src/pdf/render-invoice-pdf.ts')).href)) as {
      renderInvoicePdf: Render;
    };
    engines.before = (invoice) => module.renderInvoicePdf(invoice);
  }

  const latinTimes = await sideBySide(engines, latin);
  rows.push(['one-page Latin invoice, this engine', ms(latinTimes.ours!), '']);
  if (latinTimes.before !== undefined) {
    rows.push([
      'one-page Latin invoice, the engine before (same run)',
      ms(latinTimes.before),
      `this engine ${(latinTimes.ours! / latinTimes.before).toFixed(2)}x its time (target ≤ 1.10)`,
    ]);
  }

  const coldStart = performance.now();
  await renderInvoicePdf(mixed);
  const cold = performance.now() - coldStart;
  const mixedTimes = await sideBySide({ ours: engines.ours! }, mixed);
  rows.push([
    'one-page invoice mixing Chinese, Japanese, Korean, Arabic, Latin (warm)',
    ms(mixedTimes.ours!),
    `${(mixedTimes.ours! / latinTimes.ours!).toFixed(2)}x the Latin one (target < 3)`,
  ]);
  rows.push(['the same, first in this process (reads and parses its fonts)', ms(cold), '']);

  const cjkPdf = await renderInvoicePdf(cjk);
  rows.push(['CJK invoice PDF size', `${(cjkPdf.length / 1024).toFixed(1)} KB`, 'target < 300 KB']);

  // The first CJK document of a PDF thread: a fresh one-thread pool each time (its thread has rendered
  // the Latin warm-up invoice and preview, as in production). From the source tree the threads run
  // through tsx, which inflates their heaps; the memory rows come from the production bundle below.
  const firsts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const pool = createPdfPool({ threads: 1 });
    try {
      await pool.render(latin);
      const start = performance.now();
      await pool.render(cjk);
      firsts.push(performance.now() - start);
    } finally {
      await pool.close();
    }
  }
  rows.push([
    'first CJK document after a PDF thread starts (median of 3 fresh threads, from source)',
    ms(median(firsts)),
    `${firsts.map(ms).join(', ')} ms; target < 1000 ms`,
  ]);

  // The production worker (dist/pdf-worker.js, `npm run build -w apps/server`): first CJK document and memory.
  const bundled = resolve('dist/pdf-worker.js');
  if (existsSync(bundled)) {
    const bundleFirsts: number[] = [];
    for (let run = 0; run < 3; run++) {
      const piscina = new Piscina<PdfTask, PdfTaskResult>({
        filename: bundled,
        minThreads: 1,
        maxThreads: 1,
        workerData: { fontsDir: resolveFontsDir() },
        execArgv: [], // as in production: not through this benchmark's tsx
      });
      const task = (invoice: InvoiceDocument): PdfTask => ({ kind: 'pdf', invoice, logo: null });
      try {
        const warm = await piscina.run(task(latin));
        const start = performance.now();
        await piscina.run(task(cjk));
        bundleFirsts.push(performance.now() - start);
        if (run === 0) {
          await piscina.run(task(everyScript));
          const all = await piscina.run(task(everyScript));
          rows.push([
            'production PDF thread, Noto Sans only (heap + buffers)',
            `${mb(warm.heapBytes)} MB`,
            `fonts ${mb(warm.fontBytes)} MB`,
          ]);
          rows.push([
            'production PDF thread, every font loaded (heap + buffers)',
            `${mb(all.heapBytes)} MB`,
            `+${mb(all.heapBytes - warm.heapBytes)} MB, of which fonts ${mb(all.fontBytes - warm.fontBytes)} MB; ` +
              `the recycling budget (160 MB) counts ${mb(all.heapBytes - all.fontBytes)} MB`,
          ]);
        }
      } finally {
        await piscina.close();
      }
    }
    const before = BASELINE ? resolve(BASELINE, 'dist/pdf-worker.js') : null;
    if (before && existsSync(before)) {
      const piscina = new Piscina<PdfTask, PdfTaskResult>({
        filename: before,
        minThreads: 1,
        maxThreads: 1,
        workerData: { fontsDir: resolveFontsDir() },
        execArgv: [],
      });
      try {
        const warm = await piscina.run({ kind: 'pdf', invoice: latin, logo: null });
        rows.push(['production PDF thread of the engine before, Latin invoice', `${mb(warm.heapBytes)} MB`, '']);
      } finally {
        await piscina.close();
      }
    }
    rows.push([
      'first CJK document after a production PDF thread starts (median of 3)',
      ms(median(bundleFirsts)),
      `${bundleFirsts.map(ms).join(', ')} ms`,
    ]);
  } else {
    rows.push(['production PDF thread', 'skipped', 'no dist/pdf-worker.js: run npm run build -w apps/server first']);
  }

  console.log(
    `Scripts benchmark, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${ITERATIONS} renders per median`,
  );
  console.log(BASELINE ? `Baseline engine: ${resolve(BASELINE)}` : 'Baseline engine skipped (no --baseline=DIR).');
  console.log('');
  console.log(row(['case', 'median ms / size', 'ratio, notes']));
  console.log(row(['---', '---:', '---']));
  for (const cells of rows) console.log(row(cells));
}

await main();

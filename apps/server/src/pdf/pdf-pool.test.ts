import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceJson } from './invoice-json';
import {
  createPdfPool,
  defaultThreadCount,
  isLargeDocument,
  isOverBudget,
  pdfWorkerLocation,
  type PdfPool,
} from './pdf-pool';
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
    await expect(pool.render(invoice(), { template: 'baroque' as never })).rejects.toBeInstanceOf(UnknownTemplateError);
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

describe('createPdfPool: fairness and memory', () => {
  it('classifies documents by size: large ones run with lower concurrency', () => {
    expect(isLargeDocument(invoice({ items: manyItems(200) }))).toBe(false);
    expect(isLargeDocument(invoice({ items: manyItems(201) }))).toBe(true);
    expect(isLargeDocument(invoice({ terms: 'x'.repeat(60_000) }))).toBe(true);
  });

  it('replaces a thread that grew past its budget once idle, and keeps rendering', async () => {
    const pool = createPdfPool({ threads: 1, recycleHeapBytes: 1 });
    try {
      const first = await pool.render(invoice());
      await expect.poll(() => pool.stats().recycled, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      const again = await pool.render(invoice());
      expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
      expect(pool.stats()).toMatchObject({ threads: 1, running: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it('replaces a thread past its budget while the pool never idles, and no render fails or changes (ADR 66)', async () => {
    const pool = createPdfPool({ threads: 1, recycleHeapBytes: 1 });
    try {
      const expected = Buffer.from(await pool.render(invoice()));
      const recycledBefore = pool.stats().recycled;
      // Four loops keep renders queued (one thread), so the engine never idles until a replacement has happened
      // during the stream; the pool looks for threads to replace once a second, so the stream lasts up to 20 s
      // (a bound, not a measurement: a fast machine renders hundreds in the first second).
      let recycledWhileBusy = false;
      const until = performance.now() + 20_000;
      const loop = async () => {
        while (!recycledWhileBusy && performance.now() < until) {
          const pdf = await pool.render(invoice());
          expect(Buffer.from(pdf).equals(expected)).toBe(true);
          if (pool.stats().recycled > recycledBefore) recycledWhileBusy = true;
        }
      };
      await Promise.all([loop(), loop(), loop(), loop()]);
      expect(recycledWhileBusy).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a thread under sustained work collects its own garbage, and its PDFs do not change (ADR 74)', async () => {
    // No budget to speak of: from the TS source a thread holds tsx's transforms as well, past the default budget.
    const pool = createPdfPool({ threads: 1, recycleHeapBytes: 4 * 1024 * 1024 * 1024 });
    try {
      const busy = invoice({ items: manyItems(40) });
      const expected = Buffer.from(await pool.render(busy));
      const collected = () => Object.values(pool.stats().collections)[0] ?? 0;
      const before = collected();
      // Renders until the thread has grown by its threshold and collected (a bound of 1,500, not a measurement:
      // a 40-item invoice leaves a few hundred KB of garbage, so a few hundred renders do it).
      for (let rendered = 0; rendered < 1_500 && collected() === before; rendered += 4) {
        const pdfs = await Promise.all([busy, busy, busy, busy].map((one) => pool.render(one)));
        for (const pdf of pdfs) expect(Buffer.from(pdf).equals(expected)).toBe(true);
      }
      expect(collected()).toBeGreaterThan(before);
      expect(pool.stats().recycled).toBe(0);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('does not count the fonts a thread has loaded against its budget (docs/decisions/0058-every-script-renders.md)', async () => {
    const MB = 1024 * 1024;
    expect(isOverBudget({ heapBytes: 150 * MB, fontBytes: 26 * MB }, 130 * MB)).toBe(false);
    expect(isOverBudget({ heapBytes: 150 * MB, fontBytes: 1 * MB }, 130 * MB)).toBe(true);
    // A real thread: after a Chinese invoice it reports the 20 MB of Noto Sans SC as fonts, and a budget
    // between its heap without them and with them leaves it in place.
    const cjk = invoice({
      from: '北京星辰科技有限公司\n北京市朝阳区建国路88号',
      to: '株式会社サンプル\n東京都千代田区',
    });
    const own = (pool: PdfPool) => {
      const stats = pool.stats();
      return { heapBytes: Object.values(stats.heapBytes)[0]!, fontBytes: Object.values(stats.fontBytes)[0]! };
    };
    // One thread, its budget set from its own last report: a thread's committed heap varies by several MB from one
    // thread to another, much less between two tasks of one thread. The case under test is a thread over the budget
    // only because of its fonts; a task after which the heap itself landed past the budget (or under it with the
    // fonts) is measured again, at most five times, and counts as neither outcome.
    let budget = Number.MAX_SAFE_INTEGER;
    const pool = createPdfPool({ threads: 1, recycleHeapBytes: () => budget });
    let judged = false;
    try {
      for (let attempt = 0; attempt < 5 && !judged; attempt++) {
        budget = Number.MAX_SAFE_INTEGER;
        await pool.render(invoice());
        await pool.render(cjk);
        const before = own(pool);
        expect(before.fontBytes).toBeGreaterThan(20 * MB);
        budget = before.heapBytes - before.fontBytes / 2;
        const recycledBefore = pool.stats().recycled;
        await pool.render(cjk);
        const after = own(pool);
        if (after.heapBytes <= budget || isOverBudget(after, budget)) continue;
        judged = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(pool.stats().recycled).toBe(recycledBefore);
      }
    } finally {
      await pool.close();
    }
    expect(judged).toBe(true);
  });

  it('reads a JSON body on a thread: what the event loop needs, or the 400 of the route', async () => {
    const pool = createPdfPool({ threads: 1 });
    try {
      const body = { from: 'Me', to: 'You\nStreet 1', items: [{ name: 'Work', quantity: 2, unit_cost: 10 }] };
      const json = (value: unknown) => new InvoiceJson(Buffer.from(JSON.stringify(value)));
      const read = await pool.inspect(json(body));
      expect(read).toMatchObject({ to: 'You\nStreet 1', logo: null, large: false });
      const pdf = await pool.render(read);
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      const many = Array.from({ length: 201 }, (_, i) => ({ name: `Item ${i}`, quantity: 1, unit_cost: 1 }));
      expect(await pool.inspect(json({ ...body, items: many }))).toMatchObject({ large: true });
      await expect(pool.inspect(json({ ...body, to: '' }))).rejects.toMatchObject({
        statusCode: 400,
        message: 'Fill "From" and "To" fields.',
      });
      await expect(pool.inspect(new InvoiceJson(Buffer.from('{"from":')))).rejects.toMatchObject({
        statusCode: 400,
        message: 'The request body is not valid JSON.',
      });
    } finally {
      await pool.close();
    }
  });

  // glibc's malloc_trim: Linux with glibc only (release-memory.ts).
  const glibc = Boolean(
    (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
      ?.glibcVersionRuntime,
  );
  it.runIf(glibc)('gives the free memory of the C allocator back once idle after work', async () => {
    const pool = createPdfPool({ threads: 1, releaseAfterIdleMs: 50 });
    try {
      await pool.render(invoice());
      await expect.poll(() => pool.stats().released, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      const released = pool.stats().released;
      // Not again while nothing is rendered.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.stats().released).toBe(released);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 to a client past its render budget while another client is served', async () => {
    const pool = createPdfPool({ threads: 1, maxQueuedPerClient: 2 });
    try {
      const big = invoice({ items: manyItems(400) });
      const flood = Array.from({ length: 4 }, () =>
        pool.render(big, { client: 'ip:10.0.0.1' }).then(
          () => 'ok',
          (error: { statusCode?: number }) => error.statusCode,
        ),
      );
      const other = await pool.render(invoice(), { client: 'ip:10.0.0.2' });
      expect(other.byteLength).toBeGreaterThan(0);
      // One running, two waiting, the fourth over the budget.
      expect(await Promise.all(flood)).toEqual(['ok', 'ok', 'ok', 503]);
    } finally {
      await pool.close();
    }
  });
});

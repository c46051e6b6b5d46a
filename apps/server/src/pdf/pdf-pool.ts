import type { EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import type { PaidAmounts } from './templates/invoice-template';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
// sharp runs in the workers (logos). Loading it here too keeps libvips loaded for the process's
// lifetime; otherwise glibc unloads it when a worker exits and the process can crash (lovell/sharp#2263).
import 'sharp';
import { once } from 'node:events';
import { HttpError } from '../plugins/errors';
import { FairScheduler, QueueFullError, TaskAbortedError, type SchedulerStats } from './fair-scheduler';
import type { InspectedInvoice, InvoiceJson, InvoiceWithJsonItems } from './invoice-json';
import { isLargeInvoice } from './large-document';
export { LARGE_DOCUMENT } from './large-document';
import type { PdfTask, PdfTaskResult, PdfWorkerData, TaskInvoice } from './pdf-worker';
import { releaseFreeMemory } from './release-memory';
import { PageOutOfRangeError, type PreviewPng } from './render-preview-png';
import { getTemplate, type TemplateName } from './templates/template-registry';

export interface PdfPoolOptions {
  /** Worker threads; default max(1, min(4, availableParallelism())). */
  threads?: number;
  /** The fonts directory (the FONTS_DIR setting); default apps/server/assets/fonts. */
  fontsDir?: string | undefined;
  /**
   * A thread whose heap (and buffers), less the font files it has read, has grown past this is
   * replaced by a fresh one as soon as the engine is idle, which gives the memory back to the system.
   * Default RECYCLE_HEAP_BYTES. A function is read after each task (a budget that follows a measurement).
   */
  recycleHeapBytes?: number | (() => number);
  /** Tasks one client may have waiting (its render budget); default MAX_QUEUED_PER_CLIENT. */
  maxQueuedPerClient?: number;
  /** Idle this long after work, the engine gives the C allocator's free memory back; default RELEASE_AFTER_IDLE_MS. */
  releaseAfterIdleMs?: number;
}

export interface PdfRenderOptions {
  /** The template and accent colour when the invoice names none: the account's (render-invoice-pdf.ts). */
  template?: TemplateName | null;
  accentColor?: string | null;
  logo?: { bytes: Uint8Array } | null;
  /** The SEPA transfer to print as an EPC QR code (render-invoice-pdf.ts); none when absent. */
  transfer?: EpcCreditTransfer | null;
  /** A stored invoice's payments, printed under Total (render-invoice-pdf.ts); none when absent. */
  paid?: PaidAmounts | null;
  /** Factur-X: the checked CII XML to attach, the PDF made as PDF/A-3b (render-invoice-pdf.ts). Renders only. */
  facturx?: { xml: string } | null;
  /**
   * Whose work this is, for fair queueing (fair-scheduler.ts): `user:<id>` for a signed-in user,
   * `ip:<address>` for a guest (renderClient()). Work without a client shares one queue.
   */
  client?: string;
  /** Aborted when the client has gone away: a task that has not started yet is dropped. */
  signal?: AbortSignal;
}

export interface PdfPreviewOptions extends PdfRenderOptions {
  /** 1-based; beyond the page count rejects with PageOutOfRangeError. */
  page: number;
  /** 150 by default, kept within 36..300. */
  dpi?: number;
}

export interface PdfPoolStats extends SchedulerStats {
  threads: number;
  /** Threads replaced because they had grown past the recycling budget. */
  recycled: number;
  /** The heap each live thread reported after its last task, by thread id. */
  heapBytes: Record<number, number>;
  /** Of that heap, the bytes of the font files each thread has read, by thread id. */
  fontBytes: Record<number, number>;
  /** Full collections each live thread has run itself (thread-heap.ts), by thread id. */
  collections: Record<number, number>;
  /** Times the free memory of the C allocator was given back to the system (release-memory.ts). */
  released: number;
}

/**
 * An invoice to render: a parsed document, a large body a PDF thread has read, or a stored
 * invoice with its items as JSON text (invoice-json.ts).
 */
export type PdfInput = InvoiceDocument | InspectedInvoice | InvoiceWithJsonItems;

export interface PdfPool {
  readonly threads: number;
  /**
   * Parses and validates a request body on a PDF thread (a task of the client's, like a render):
   * what the event loop needs to go on, or HttpError 400 with the messages the route's own
   * validation gives.
   */
  inspect(json: InvoiceJson, options?: PdfRenderOptions): Promise<InspectedInvoice>;
  /** The invoice as PDF bytes. Rejects with UnknownTemplateError for an unknown template. */
  render(invoice: PdfInput, options?: PdfRenderOptions): Promise<Uint8Array>;
  /** One page of the same PDF as a PNG, with the page count. */
  preview(invoice: PdfInput, options: PdfPreviewOptions): Promise<PreviewPng>;
  stats(): PdfPoolStats;
  /** Waits for running tasks, then stops the threads. */
  close(): Promise<void>;
}

const MAX_QUEUED_PER_THREAD = 256;
/**
 * A client's render budget: tasks waiting at once. Eight concurrent requests and a ZIP's window of
 * eight renders fit; a flood beyond answers 503 to that client only.
 */
export const MAX_QUEUED_PER_CLIENT = 32;
/**
 * A thread is replaced once idle when its heap and buffers exceed this. A warm thread holds about
 * 60-70 MB; the largest invoice the contract allows grows one to 300-400 MB, which V8 keeps
 * committed for good. Not a cap: the render that grew it completed (a 64 MB cap made that
 * invoice fail, docs/reliability.md).
 */
export const RECYCLE_HEAP_BYTES = 160 * 1024 * 1024;
/**
 * The young generation of each PDF thread, in MB. A render's garbage is short-lived; with V8's default
 * young generation a thread under sustained work (an account export, a flood of PDFs) grew its heap to
 * 230-320 MB, with 8 MB to 100-215 MB, for the same renders at the same speed (ADR 66). Not a cap: the
 * old generation is not limited, so the largest invoice still renders.
 */
export const PDF_THREAD_YOUNG_GENERATION_MB = 8;
/**
 * The engine idle this long after work (or after recycling a thread): the memory the threads
 * freed outside V8's heap goes back to the system (release-memory.ts). Short, so a burst's memory
 * is back within seconds; the release runs off the event loop and only when nothing renders.
 */
export const RELEASE_AFTER_IDLE_MS = 1_000;
export const PDF_ENGINE_BUSY = 'The PDF engine is busy. Please try again in a moment.';

/** Whether the invoice is large enough to run with the lower concurrency of large documents. */
export function isLargeDocument(invoice: PdfInput): boolean {
  return 'json' in invoice || 'itemsJson' in invoice ? invoice.large : isLargeInvoice(invoice);
}

/**
 * Whether a thread has grown past the recycling budget. The fonts it has loaded stay loaded: the budget
 * is for what it grew beyond them, so a thread holding the 26 MB of CJK and other fonts is not replaced
 * (and made to read them again) after every document (docs/decisions/0058-every-script-renders.md).
 */
export function isOverBudget(memory: { heapBytes: number; fontBytes: number }, budget: number): boolean {
  return memory.heapBytes - memory.fontBytes > budget;
}

export function defaultThreadCount(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Where the worker is. From the TS source (tsx, vitest) this module's URL ends in .ts: the worker is
 * the pdf-worker.ts beside it, loaded through tsx's loader. From the esbuild bundle this code is inside
 * dist/main.js and the worker is the separate entry dist/pdf-worker.js beside it.
 */
export function pdfWorkerLocation(moduleUrl: string = import.meta.url): { filename: string; execArgv?: string[] } {
  if (moduleUrl.endsWith('.ts')) {
    // Resolved from here, so it works whatever the working directory.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename: fileURLToPath(new URL('./pdf-worker.ts', moduleUrl)), execArgv: ['--import', tsx] };
  }
  // execArgv left out: the workers inherit the process's flags.
  return { filename: fileURLToPath(new URL('./pdf-worker.js', moduleUrl)) };
}

/**
 * Renders PDFs and previews on worker threads, so the event loop never waits on pdfkit or pdf.js.
 * Each thread parses the fonts once when it starts; all threads start with the pool. Work is
 * handed to the threads by a FairScheduler (one queue per client, taken in turns; large documents
 * on at most threads - 1 threads), never more tasks than threads, so piscina's own queue stays
 * empty and the order is ours. A thread that grew past `recycleHeapBytes` is replaced once the
 * engine is idle.
 */
export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const threads = Math.max(1, Math.floor(options.threads ?? defaultThreadCount()));
  const budget = options.recycleHeapBytes ?? RECYCLE_HEAP_BYTES;
  const recycleHeapBytes = typeof budget === 'function' ? budget : () => budget;
  const piscina = new Piscina<PdfTask, PdfTaskResult>({
    ...pdfWorkerLocation(),
    minThreads: threads,
    maxThreads: threads,
    maxQueue: threads * MAX_QUEUED_PER_THREAD,
    workerData: { fontsDir: options.fontsDir } satisfies PdfWorkerData,
    resourceLimits: { maxYoungGenerationSizeMb: PDF_THREAD_YOUNG_GENERATION_MB },
  });
  const scheduler = new FairScheduler({
    slots: threads,
    largeSlots: Math.max(1, threads - 1),
    maxQueuedPerClient: options.maxQueuedPerClient ?? MAX_QUEUED_PER_CLIENT,
    // Bounded, so a flood gets a quick 503 instead of an ever-growing backlog in memory.
    maxQueued: threads * MAX_QUEUED_PER_THREAD,
  });

  // Threads past the budget, replaced when nothing runs (a task in flight is never cut short): once the
  // engine idles, or by draining it when it stays busy.
  const overBudget = new Set<number>();
  const lastHeap = new Map<number, number>();
  const lastFonts = new Map<number, number>();
  const lastCollections = new Map<number, number>();
  let recycled = 0;
  let recycling: Promise<void> | null = null;
  let closing = false;
  // The C allocator's free memory goes back once the engine has been idle a moment after work.
  const releaseAfterIdleMs = options.releaseAfterIdleMs ?? RELEASE_AFTER_IDLE_MS;
  let workSinceRelease = false;
  let lastWork = 0;
  let releasing: Promise<void> | null = null;
  let released = 0;
  const releaseWhenIdle = () => {
    if (closing || recycling || releasing || !workSinceRelease || !scheduler.idle) return;
    if (performance.now() - lastWork < releaseAfterIdleMs) return;
    workSinceRelease = false;
    releasing = releaseFreeMemory().then((done) => {
      if (done) released++;
      releasing = null;
    });
  };
  // Piscina tasks in flight, and the gate new tasks wait at while a busy engine drains to replace a thread.
  let inFlight = 0;
  let draining: { done: Promise<void>; open: () => void } | null = null;
  const recycleOverBudget = () => {
    if (closing) {
      openGate();
      return;
    }
    const workers = piscina.threads.filter((worker) => overBudget.has(worker.threadId));
    overBudget.clear();
    if (workers.length === 0) {
      openGate();
      return;
    }
    // piscina replaces a thread that exits (minThreads); tasks wait until the exits are through,
    // so none is handed to a thread on its way out.
    recycling = Promise.all(
      workers.map((worker) => {
        lastHeap.delete(worker.threadId);
        lastFonts.delete(worker.threadId);
        lastCollections.delete(worker.threadId);
        const exited = once(worker, 'exit');
        void worker.terminate();
        recycled++;
        return exited;
      }),
    )
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .catch(() => undefined)
      .finally(() => {
        recycling = null;
        openGate();
        // What the old threads held outside V8's heap is free now, not yet given back.
        workSinceRelease = true;
        lastWork = performance.now();
      });
  };
  const openGate = () => {
    draining?.open();
    draining = null;
  };
  const recycleIdleThreads = () => {
    if (closing || recycling || draining || overBudget.size === 0 || !scheduler.idle) return;
    recycleOverBudget();
  };
  /**
   * A pool that never idles (an account export, a steady stream of PDFs) would keep a thread past its budget for
   * as long as the work lasts (ADR 66): new tasks wait at a gate while the tasks in flight finish, then the thread
   * is replaced. Not while a large document runs, whose end may be seconds away: the others would wait for it.
   */
  const recycleBusyThreads = () => {
    if (closing || recycling || draining || overBudget.size === 0 || scheduler.idle) return;
    if (scheduler.stats().runningLarge > 0) return;
    let open!: () => void;
    const done = new Promise<void>((resolve) => (open = resolve));
    draining = { done, open };
    if (inFlight === 0) recycleOverBudget();
  };
  const recycleTimer = setInterval(
    () => {
      recycleIdleThreads();
      recycleBusyThreads();
      releaseWhenIdle();
    },
    Math.min(1_000, releaseAfterIdleMs),
  );
  recycleTimer.unref();

  const run = async (
    task: PdfTask,
    renderOptions: PdfRenderOptions,
    large: boolean,
  ): Promise<PdfTaskResult & { ok: true }> => {
    // Checked here as well, so the caller gets the typed error (errors lose their class crossing threads).
    if (task.kind !== 'inspect') getTemplate(task.template ?? 'modern');
    const result = await scheduler
      .submit(
        renderOptions.client ?? 'anonymous',
        large,
        async () => {
          while (recycling || draining) await (recycling ?? draining?.done);
          inFlight++;
          try {
            const done = await piscina.run(task);
            lastHeap.set(done.threadId, done.heapBytes);
            lastFonts.set(done.threadId, done.fontBytes);
            lastCollections.set(done.threadId, done.collections);
            if (isOverBudget(done, recycleHeapBytes())) overBudget.add(done.threadId);
            return done;
          } finally {
            inFlight--;
            workSinceRelease = true;
            lastWork = performance.now();
            if (draining && !recycling && inFlight === 0) recycleOverBudget();
          }
        },
        renderOptions.signal,
      )
      .catch((error: unknown) => {
        // An aborted task's client is gone: the answer goes nowhere, but must not log as a failure.
        if (error instanceof QueueFullError || error instanceof TaskAbortedError) {
          throw new HttpError(503, PDF_ENGINE_BUSY);
        }
        throw error;
      })
      .finally(() => setImmediate(recycleIdleThreads));
    if (!result.ok) {
      if (result.error === 'invalid') throw new HttpError(400, result.message, result.errors);
      throw new PageOutOfRangeError(result.page, result.pageCount);
    }
    return result;
  };
  // A body a PDF thread has read travels as its bytes again (copied: the caller keeps its own).
  const source = (invoice: PdfInput): TaskInvoice => {
    if ('json' in invoice) return { json: invoice.json };
    if ('itemsJson' in invoice) return { document: invoice.document, itemsJson: invoice.itemsJson };
    return invoice;
  };

  return {
    threads,
    async inspect(json, inspectOptions = {}) {
      // Parsing is quick beside rendering: a small task, whatever the body's size.
      const result = await run({ kind: 'inspect', invoice: { json: json.bytes } }, inspectOptions, false);
      if (result.kind !== 'inspect') throw new Error('The PDF worker answered an inspection with a document.');
      return { json: json.bytes, to: result.to, logo: result.logo, large: result.large };
    },
    async render(invoice, renderOptions = {}) {
      const result = await run(
        {
          kind: 'pdf',
          invoice: source(invoice),
          template: renderOptions.template,
          accentColor: renderOptions.accentColor,
          logo: renderOptions.logo?.bytes ?? null,
          transfer: renderOptions.transfer ?? null,
          paid: renderOptions.paid ?? null,
          facturx: renderOptions.facturx ?? null,
        },
        renderOptions,
        isLargeDocument(invoice),
      );
      if (result.kind !== 'pdf') throw new Error('The PDF worker answered a render with a preview.');
      return result.pdf;
    },
    async preview(invoice, previewOptions) {
      const result = await run(
        {
          kind: 'preview',
          invoice: source(invoice),
          template: previewOptions.template,
          accentColor: previewOptions.accentColor,
          logo: previewOptions.logo?.bytes ?? null,
          transfer: previewOptions.transfer ?? null,
          paid: previewOptions.paid ?? null,
          page: previewOptions.page,
          dpi: previewOptions.dpi,
        },
        previewOptions,
        isLargeDocument(invoice),
      );
      if (result.kind !== 'preview') throw new Error('The PDF worker answered a preview with a PDF.');
      return { png: result.png, pageCount: result.pageCount, page: result.page };
    },
    stats() {
      return {
        ...scheduler.stats(),
        threads,
        recycled,
        heapBytes: Object.fromEntries(lastHeap),
        fontBytes: Object.fromEntries(lastFonts),
        collections: Object.fromEntries(lastCollections),
        released,
      };
    },
    async close() {
      closing = true;
      clearInterval(recycleTimer);
      await recycling;
      await releasing;
      return piscina.close();
    },
  };
}

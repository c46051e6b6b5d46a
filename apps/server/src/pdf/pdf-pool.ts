import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
// sharp runs in the workers (logos). Loading it here too keeps libvips loaded for the process's
// lifetime; otherwise glibc unloads it when a worker exits and the process can crash (lovell/sharp#2263).
import 'sharp';
import { HttpError } from '../plugins/errors';
import type { PdfTask, PdfTaskResult, PdfWorkerData } from './pdf-worker';
import { PageOutOfRangeError, type PreviewPng } from './render-preview-png';
import { getTemplate, type TemplateName } from './templates/template-registry';

export interface PdfPoolOptions {
  /** Worker threads; default max(1, min(4, availableParallelism())). */
  threads?: number;
  /** The fonts directory (the FONTS_DIR setting); default apps/server/assets/fonts. */
  fontsDir?: string | undefined;
}

export interface PdfRenderOptions {
  template?: TemplateName;
  logo?: { bytes: Uint8Array } | null;
}

export interface PdfPreviewOptions extends PdfRenderOptions {
  /** 1-based; beyond the page count rejects with PageOutOfRangeError. */
  page: number;
  /** 150 by default, kept within 36..300. */
  dpi?: number;
}

export interface PdfPool {
  readonly threads: number;
  /** The invoice as PDF bytes. Rejects with UnknownTemplateError for an unknown template. */
  render(invoice: InvoiceDocument, options?: PdfRenderOptions): Promise<Uint8Array>;
  /** One page of the same PDF as a PNG, with the page count. */
  preview(invoice: InvoiceDocument, options: PdfPreviewOptions): Promise<PreviewPng>;
  /** Waits for running tasks, then stops the threads. */
  close(): Promise<void>;
}

const MAX_QUEUED_PER_THREAD = 256;
export const PDF_ENGINE_BUSY = 'The PDF engine is busy. Please try again in a moment.';

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
 * Each thread parses the fonts once when it starts; all threads start with the pool.
 */
export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const threads = Math.max(1, Math.floor(options.threads ?? defaultThreadCount()));
  const piscina = new Piscina<PdfTask, PdfTaskResult>({
    ...pdfWorkerLocation(),
    minThreads: threads,
    maxThreads: threads,
    // Bounded, so a flood of requests gets a quick 503 instead of an ever-growing backlog in memory.
    maxQueue: threads * MAX_QUEUED_PER_THREAD,
    workerData: { fontsDir: options.fontsDir } satisfies PdfWorkerData,
  });

  const run = async (task: PdfTask): Promise<PdfTaskResult & { ok: true }> => {
    // Checked here as well, so the caller gets the typed error (errors lose their class crossing threads).
    getTemplate(task.template ?? 'modern');
    const result = await piscina.run(task).catch((error: unknown) => {
      if (piscina.queueSize >= piscina.options.maxQueue) throw new HttpError(503, PDF_ENGINE_BUSY);
      throw error;
    });
    if (!result.ok) throw new PageOutOfRangeError(result.page, result.pageCount);
    return result;
  };

  return {
    threads,
    async render(invoice, renderOptions = {}) {
      const result = await run({
        kind: 'pdf',
        invoice,
        template: renderOptions.template,
        logo: renderOptions.logo?.bytes ?? null,
      });
      if (result.kind !== 'pdf') throw new Error('The PDF worker answered a render with a preview.');
      return result.pdf;
    },
    async preview(invoice, previewOptions) {
      const result = await run({
        kind: 'preview',
        invoice,
        template: previewOptions.template,
        logo: previewOptions.logo?.bytes ?? null,
        page: previewOptions.page,
        dpi: previewOptions.dpi,
      });
      if (result.kind !== 'preview') throw new Error('The PDF worker answered a preview with a PDF.');
      return { png: result.png, pageCount: result.pageCount, page: result.page };
    },
    close() {
      return piscina.close();
    },
  };
}

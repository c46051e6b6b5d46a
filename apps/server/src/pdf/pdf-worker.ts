import type { EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import type { PaidAmounts } from './templates/invoice-template';
import type { InvoiceDocument, LogoRef } from '@invoicer/domain/invoice-document';
import { setPriority } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { loadedFontBytes, useFontsDir } from './invoice-fonts';
import { readInvoiceJson, type InvalidBody } from './invoice-json';
import { isLargeInvoice } from './large-document';
import { renderInvoicePdf } from './render-invoice-pdf';
import { PageOutOfRangeError, renderPreviewPng } from './render-preview-png';
import type { TemplateName } from './templates/template-registry';
import { collectIfGrown, collectionCount } from './thread-heap';

/**
 * Piscina worker entry (bundled as dist/pdf-worker.js). Tasks and results are plain data: the invoice
 * is structured-cloned, and result bytes are moved (transferred), not copied, back to the caller.
 */

/** What the pool hands every thread when it starts. */
export interface PdfWorkerData {
  fontsDir: string | undefined;
}

/**
 * A parsed document, a request body's JSON bytes that this thread parses and validates, or a
 * stored invoice whose items this thread parses (invoice-json.ts).
 */
export type TaskInvoice = InvoiceDocument | { json: Uint8Array } | { document: InvoiceDocument; itemsJson: string };

export type PdfTask =
  | { kind: 'inspect'; invoice: { json: Uint8Array } }
  | {
      kind: 'pdf';
      invoice: TaskInvoice;
      template?: TemplateName | null;
      accentColor?: string | null;
      logo: Uint8Array | null;
      transfer?: EpcCreditTransfer | null;
      paid?: PaidAmounts | null;
      /** Factur-X: the checked CII XML to attach to a PDF/A-3b (factur-x.ts). */
      facturx?: { xml: string } | null;
    }
  | {
      kind: 'preview';
      invoice: TaskInvoice;
      template?: TemplateName | null;
      accentColor?: string | null;
      logo: Uint8Array | null;
      transfer?: EpcCreditTransfer | null;
      paid?: PaidAmounts | null;
      page: number;
      dpi?: number;
    };

/** What the thread reports with every result, so the pool can recycle a thread that grew (pdf-pool.ts). */
export interface WorkerMemory {
  threadId: number;
  /** V8's heap of this thread (committed), plus memory it holds outside the heap (buffers). */
  heapBytes: number;
  /**
   * Of that, the font files the thread has read (invoice-fonts.ts): kept for the thread's life, so not
   * growth the pool should recycle for (docs/decisions/0058-every-script-renders.md).
   */
  fontBytes: number;
  /** Full collections the thread has run itself (thread-heap.ts). */
  collections: number;
}

export type PdfTaskResult = WorkerMemory &
  (
    | { ok: true; kind: 'inspect'; to: string; logo: LogoRef | null; large: boolean }
    | { ok: true; kind: 'pdf'; pdf: Uint8Array }
    | { ok: true; kind: 'preview'; png: Uint8Array; pageCount: number; page: number }
    | { ok: false; error: 'page-out-of-range'; page: number; pageCount: number }
    | ({ ok: false; error: 'invalid' } & InvalidBody)
  );

function memory(): WorkerMemory {
  collectIfGrown();
  const heap = getHeapStatistics();
  return {
    threadId,
    heapBytes: heap.total_heap_size + heap.external_memory,
    fontBytes: loadedFontBytes(),
    collections: collectionCount(),
  };
}

/** Piscina's Transferable: `value` goes back to the pool, and the buffers listed are moved rather than copied. */
class Transfer {
  constructor(
    private readonly value: PdfTaskResult,
    private readonly buffers: ArrayBuffer[],
  ) {}

  get [transferableSymbol](): object {
    return this.buffers;
  }

  get [valueSymbol](): object {
    return this.value;
  }
}

/**
 * How much lower than the event loop this thread runs (a nice value, 0 to 19). On Linux the nice
 * value belongs to the thread, so only the rendering threads yield: with every core busy rendering,
 * the event loop still gets the CPU as soon as a request arrives (bench:fairness: GET /api/health
 * p99 under a flood of the largest invoices). Elsewhere, or where it is refused, nothing changes.
 */
export const RENDER_THREAD_NICE = 10;
try {
  setPriority(0, RENDER_THREAD_NICE);
} catch {
  // not permitted here: the thread keeps the process's priority
}

/** A small invoice rendered once when the thread starts. */
const WARM_UP_INVOICE: InvoiceDocument = {
  from: 'Warm-up',
  to: 'Warm-up',
  invoiceNumber: '0001',
  issuedDate: '2026-01-01',
  dueDate: '2026-01-08',
  items: [{ name: 'Item', description: 'Description', quantity: 1, unitCost: 100 }],
  tax: { enabled: true, type: 'percent', value: 7_500 },
  discount: { enabled: false, type: 'percent', value: 0 },
  shipping: { enabled: false, amount: 0 },
  paymentDetails: '',
  paymentInstructions: '',
  terms: '',
  logo: null,
  currency: 'EUR',
};

/**
 * Piscina imports this module (awaiting it) before the thread takes tasks, so this moves the one-off
 * costs out of the first requests: parsing the fonts, loading pdf.js (over a second under tsx, which
 * transforms it) and the first, unoptimised runs of both paths. A failure here is not fatal: the
 * same error then rejects the first real task instead of crash-looping the thread.
 */
useFontsDir((workerData as PdfWorkerData | undefined)?.fontsDir);
try {
  const pdf = await renderInvoicePdf(WARM_UP_INVOICE);
  await renderPreviewPng(pdf, { dpi: 36 });
} catch {
  // reported by the first task
}
// What the thread holds once warm: the measure its growth is taken from.
collectIfGrown(true);

export default async function runPdfTask(task: PdfTask): Promise<PdfTaskResult | Transfer> {
  let invoice: InvoiceDocument;
  if ('json' in task.invoice) {
    const read = readInvoiceJson(task.invoice.json);
    if ('invalid' in read) return { ok: false, error: 'invalid', ...read.invalid, ...memory() };
    invoice = read.document;
  } else if ('itemsJson' in task.invoice) {
    // Written by our own query in the shape of InvoiceDocument['items'] (invoices.queries.ts).
    invoice = { ...task.invoice.document, items: JSON.parse(task.invoice.itemsJson) as InvoiceDocument['items'] };
  } else {
    invoice = task.invoice;
  }
  if (task.kind === 'inspect') {
    const large = isLargeInvoice(invoice);
    return { ok: true, kind: 'inspect', to: invoice.to, logo: invoice.logo, large, ...memory() };
  }
  const pdf = await renderInvoicePdf(invoice, {
    template: task.template,
    accentColor: task.accentColor,
    logo: task.logo ? { bytes: task.logo } : null,
    transfer: task.transfer ?? null,
    paid: task.paid ?? null,
    facturx: task.kind === 'pdf' ? (task.facturx ?? null) : null,
  });
  if (task.kind === 'pdf')
    return move(new Transfer({ ok: true, kind: 'pdf', pdf, ...memory() }, [pdf.buffer as ArrayBuffer])) as Transfer;
  try {
    const preview = await renderPreviewPng(pdf, { page: task.page, dpi: task.dpi });
    return move(
      new Transfer({ ok: true, kind: 'preview', ...preview, ...memory() }, [preview.png.buffer as ArrayBuffer]),
    ) as Transfer;
  } catch (error) {
    // Errors lose their class crossing threads, so this one travels as data and is rebuilt by the pool.
    if (error instanceof PageOutOfRangeError) {
      return { ok: false, error: 'page-out-of-range', page: error.page, pageCount: error.pageCount, ...memory() };
    }
    throw error;
  }
}

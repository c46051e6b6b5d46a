import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { EInvoiceInputError, RULE_SETS, type RuleSet, type RulesResult } from './einvoice-rules-engine';
import { checkXmlInput } from './einvoice-xml-input';
import type { ReceivedEInvoice } from '@invoicer/domain/api/einvoices';
import type { EInvoiceTask, EInvoiceTaskResult, EInvoiceWorkerData } from './einvoice-validation-worker';

/**
 * Checks an e-invoice against the official rules (EN 16931 for CII and UBL, and the German XRechnung
 * rules on top) on a worker thread, so a validation of a few hundred milliseconds never blocks the
 * event loop. Hostile XML is refused here, before any parser sees it (docs/einvoicing.md).
 */

/**
 * Where the worker is: the .ts beside this module under tsx and vitest, dist/einvoice-worker.js
 * beside dist/main.js in the bundle (as pdf-pool.ts does for the PDF worker).
 */
export function einvoiceWorkerLocation(moduleUrl: string = import.meta.url): { filename: string; execArgv?: string[] } {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return {
      filename: fileURLToPath(new URL('./einvoice-validation-worker.ts', moduleUrl)),
      execArgv: ['--import', tsx],
    };
  }
  return { filename: fileURLToPath(new URL('./einvoice-worker.js', moduleUrl)) };
}

export interface EInvoiceValidator {
  validate(xml: string | Uint8Array, ruleSets: readonly RuleSet[]): Promise<RulesResult>;
  /** Reads a received e-invoice (CII or UBL) and checks it with the EN 16931 rules of its syntax, in one parse. */
  read(xml: string | Uint8Array): Promise<{ invoice: ReceivedEInvoice; result: RulesResult }>;
  /**
   * As read(), for the e-invoice attached to a Factur-X / ZUGFeRD PDF: finding and inflating the attachment also
   * happens on the thread, so even a bounded compressed-stream bomb never holds up the event loop.
   */
  readPdf(pdf: Uint8Array): Promise<{ invoice: ReceivedEInvoice; result: RulesResult; attachment?: string }>;
  close(): Promise<void>;
}

export interface EInvoiceValidatorOptions {
  /** Worker threads (default 1: validation is occasional, and each thread holds every rule set). */
  threads?: number;
  /** Rule sets loaded when a thread starts (default all four, about 1 s of a thread's start). */
  warm?: readonly RuleSet[];
}

export function createEInvoiceValidator(options: EInvoiceValidatorOptions = {}): EInvoiceValidator {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const piscina = new Piscina<EInvoiceTask, EInvoiceTaskResult>({
    ...einvoiceWorkerLocation(),
    minThreads: threads,
    maxThreads: threads,
    workerData: { warm: options.warm ?? RULE_SETS } satisfies EInvoiceWorkerData,
  });
  return {
    async validate(input, ruleSets) {
      const unknown = ruleSets.filter((ruleSet) => !RULE_SETS.includes(ruleSet));
      if (unknown.length > 0 || ruleSets.length === 0) throw new Error(`Unknown rule sets: ${unknown.join(', ')}`);
      const xml = checkXmlInput(input);
      const answer = await piscina.run({ xml, ruleSets });
      if (!answer.ok) throw new EInvoiceInputError(answer.message);
      return answer.result;
    },
    async read(input) {
      const xml = checkXmlInput(input);
      const answer = await piscina.run({ xml, read: true });
      if (!answer.ok) throw new EInvoiceInputError(answer.message);
      if (!answer.invoice) throw new Error('The e-invoice thread answered a read without the invoice.');
      return { invoice: answer.invoice, result: answer.result };
    },
    async readPdf(pdf) {
      const answer = await piscina.run({ pdf, read: true });
      if (!answer.ok) throw new EInvoiceInputError(answer.message);
      if (!answer.invoice) throw new Error('The e-invoice thread answered a read without the invoice.');
      return answer.attachment
        ? { invoice: answer.invoice, result: answer.result, attachment: answer.attachment }
        : { invoice: answer.invoice, result: answer.result };
    },
    close: () => piscina.destroy(),
  };
}

let shared: EInvoiceValidator | null = null;

/**
 * Validates with the process's shared validator, started on first use. Throws EInvoiceInputError for
 * input that cannot be checked (too large, a DTD, not well-formed, the other syntax).
 */
export function validateEInvoice(xml: string | Uint8Array, ruleSets: readonly RuleSet[]): Promise<RulesResult> {
  shared ??= createEInvoiceValidator();
  return shared.validate(xml, ruleSets);
}

/**
 * Reads a received e-invoice with the process's shared validator (same thread, same hostile-XML checks as
 * validateEInvoice). Throws EInvoiceInputError for input that cannot be read.
 */
export function readEInvoice(xml: string | Uint8Array): Promise<{ invoice: ReceivedEInvoice; result: RulesResult }> {
  shared ??= createEInvoiceValidator();
  return shared.read(xml);
}

/** readEInvoice for a PDF with the e-invoice attached (einvoice-pdf.ts), on the same thread. */
export function readEInvoicePdf(
  pdf: Uint8Array,
): Promise<{ invoice: ReceivedEInvoice; result: RulesResult; attachment?: string }> {
  shared ??= createEInvoiceValidator();
  return shared.readPdf(pdf);
}

/** Stops the shared validator's threads (server shutdown, tests). */
export async function closeEInvoiceValidation(): Promise<void> {
  const closing = shared;
  shared = null;
  await closing?.close();
}

import { workerData } from 'piscina';
import type { ReceivedEInvoice } from '@invoicer/domain/api/einvoices';
import {
  EInvoiceInputError,
  readAndCheck,
  runRules,
  warmRules,
  type RuleSet,
  type RulesResult,
} from './einvoice-rules-engine';
import { extractEInvoiceFromPdf } from './einvoice-pdf';
import { checkXmlInput } from './einvoice-xml-input';

/**
 * Piscina worker entry (bundled as dist/einvoice-worker.js): runs the official rules off the event
 * loop. The compiled rule sets are loaded when the thread starts and kept for its life.
 */

export interface EInvoiceWorkerData {
  warm: readonly RuleSet[];
}

/** Validate with the named rule sets, or (read) read a received invoice and check it with its syntax's EN 16931 rules. */
export type EInvoiceTask =
  { xml: string; ruleSets: readonly RuleSet[] } | { xml: string; read: true } | { pdf: Uint8Array; read: true };

/** Errors cross the thread boundary as plain data, so the caller can tell bad input from a fault. */
export type EInvoiceTaskResult =
  { ok: true; result: RulesResult; invoice?: ReceivedEInvoice; attachment?: string } | { ok: false; message: string };

warmRules((workerData as EInvoiceWorkerData | undefined)?.warm ?? []);

export default function validate(task: EInvoiceTask): EInvoiceTaskResult {
  try {
    if ('pdf' in task) {
      const attachment = extractEInvoiceFromPdf(task.pdf);
      const read = readAndCheck(checkXmlInput(attachment.xml));
      return attachment.name ? { ok: true, ...read, attachment: attachment.name } : { ok: true, ...read };
    }
    if ('read' in task) return { ok: true, ...readAndCheck(task.xml) };
    return { ok: true, result: runRules(task.xml, task.ruleSets) };
  } catch (error) {
    if (error instanceof EInvoiceInputError) return { ok: false, message: error.message };
    throw error;
  }
}

import { isUbl, isXRechnung, type EInvoiceFormat } from '@invoicer/domain/einvoice/einvoice-formats';
import { toEInvoice } from '@invoicer/domain/einvoice/einvoice-from-document';
import { ruleProblems } from '@invoicer/domain/einvoice/einvoice-rule-messages';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { EInvoiceRejected } from '../../shared/einvoice-output';
import { writeCii } from './cii-writer';
import type { RuleSet } from './einvoice-rules-engine';
import { validateEInvoice } from './einvoice-validation';
import { XRECHNUNG_CUSTOMIZATION } from './einvoice-values';
import { writeUbl } from './ubl-writer';

/** The rules each format must pass: EN 16931 in its syntax, and the German CIUS on top for XRechnung. */
export function ruleSetsOf(format: EInvoiceFormat): RuleSet[] {
  const syntax = isUbl(format) ? 'ubl' : 'cii';
  return isXRechnung(format) ? [`en16931-${syntax}`, `xrechnung-${syntax}`] : [`en16931-${syntax}`];
}

/**
 * A document as an e-invoice: the one mapping (toEInvoice), the writer of the format, then the official rules
 * before anything is answered (docs/decisions/0070-e-invoice-fields-and-outputs.md). Nothing invalid is handed
 * out: a fatal failure throws EInvoiceRejected with plain words on the contract's fields.
 */
export async function makeEInvoice(document: InvoiceDocument, format: EInvoiceFormat): Promise<string> {
  const mapped = toEInvoice(document);
  if (!mapped.ok) throw new EInvoiceRejected(mapped.problems);
  const options = isXRechnung(format) ? { customization: XRECHNUNG_CUSTOMIZATION } : {};
  const xml = isUbl(format) ? writeUbl(mapped.invoice, options) : writeCii(mapped.invoice, options);
  const result = await validateEInvoice(xml, ruleSetsOf(format));
  if (result.failures.length > 0) throw new EInvoiceRejected(ruleProblems(result.failures));
  return xml;
}

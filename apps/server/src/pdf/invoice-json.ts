import type { EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import { invoiceDocumentInputSchema, type InvoiceDocument, type LogoRef } from '@invoicer/domain/invoice-document';
import secureJsonParse from 'secure-json-parse';
import type { TemplateName } from '@invoicer/domain/invoice-templates';
import type { PaidAmounts } from './templates/invoice-template';
import { validateWithSchema } from '../plugins/errors';

/**
 * Invoice bodies too large to read on the event loop. Parsing and validating the largest invoice
 * the contract accepts (1,000 items, about 1 MB of JSON) takes the thread that does it 20-75 ms
 * (JSON.parse, the zod schema and the check for lone surrogates; more under load), and handing
 * the parsed document to a PDF thread as much again (structured clone). On the event loop that
 * delayed every other request while one address sent such invoices (docs/reliability.md,
 * "The PDF engine under a flood"). Above this size the body stays bytes on the event loop and a
 * PDF thread parses and validates it (docs/decisions/0040-pdf-engine-memory-and-large-bodies.md).
 */
export const LARGE_BODY_BYTES = 64 * 1024;

/** A JSON request body as sent, not parsed yet: read and validated on a PDF thread. */
export class InvoiceJson {
  constructor(readonly bytes: Uint8Array) {}
}

/** What the event loop needs of a body a PDF thread has read: whose logo, which file name, its weight. */
export interface InspectedInvoice {
  json: Uint8Array;
  to: string;
  logo: LogoRef | null;
  large: boolean;
}

/**
 * A stored invoice whose items are still the JSON text the database wrote, in the shape of
 * InvoiceDocument['items'] (`document.items` is left empty): a PDF thread parses them.
 * `large` comes from the database's counts (large-document.ts, isLargeWeight). `transfer` is the
 * SEPA payment its QR code asks for, read on the event loop from the invoice's business (a small
 * lookup, docs/decisions/0047-sepa-payment-qr.md); the engine gets it as a render option.
 */
export interface InvoiceWithJsonItems {
  document: InvoiceDocument;
  itemsJson: string;
  large: boolean;
  transfer: EpcCreditTransfer | null;
  /** Its payments, printed under Total once one exists (docs/decisions/0048-payments-and-the-balance.md). */
  paid: PaidAmounts | null;
  /**
   * The account's template and accent colour, for a document that names none
   * (docs/decisions/0062-three-templates-and-the-accent-colour.md); null: the template's own.
   */
  accountTemplate: TemplateName | null;
  accountAccentColor: string | null;
}

/** A refusal as data (errors lose their class crossing threads): the 400 envelope's message and field messages. */
export interface InvalidBody {
  message: string;
  errors: string[] | undefined;
}

const decoder = new TextDecoder();
// Fastify's own answer for a body that is not JSON (plugins/errors.ts, FRAMEWORK_MESSAGES).
const NOT_JSON = 'The request body is not valid JSON.';

/**
 * The body as the route's validation would have read it: the same JSON parser as Fastify's
 * (prototype poisoning refused), the same schema, the same messages.
 */
export function readInvoiceJson(bytes: Uint8Array): { document: InvoiceDocument } | { invalid: InvalidBody } {
  let data: unknown;
  try {
    if (bytes.byteLength === 0)
      return { invalid: { message: 'The request body is empty. Send a JSON object.', errors: undefined } };
    data = secureJsonParse(decoder.decode(bytes), { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { invalid: { message: NOT_JSON, errors: undefined } };
  }
  const result = validateWithSchema(invoiceDocumentInputSchema, data, 'body');
  if (result.error) return { invalid: { message: result.error.message, errors: result.error.errors } };
  return { document: result.value as InvoiceDocument };
}

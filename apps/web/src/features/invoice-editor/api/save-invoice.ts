import { ApiError, UnexpectedAnswerError } from '../../../lib/api-client';
import type { InvoiceFormValues } from '../model/invoice-form';
import { SAVE_MESSAGES, toSavedInvoiceBody } from '../model/saved-invoice';
import { createInvoice, updateInvoice } from './invoices-api';

/**
 * The key of the create whose outcome is unknown (no answer, or a 5xx), with the body it was sent
 * with: pressing Save again on the same invoice sends the same key, so a save that did reach the
 * database is answered, not made twice or refused as a taken number. Any other body gets a new key
 * (ADR 12).
 */
let unanswered: { body: string; key: string } | null = null;

function keyFor(body: string): string {
  if (unanswered?.body === body) return unanswered.key;
  // getRandomValues, not randomUUID: the latter exists only on HTTPS or localhost, and the server
  // may be reached over plain HTTP on a local network.
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0'));
  unanswered = { body, key: key.join('') };
  return unanswered.key;
}

/** True when the server answered (a 2xx or a 4xx): it certainly stored the save, or certainly did not. */
function outcomeKnown(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

/**
 * Saves the form to the account: a new invoice (POST, with its Idempotency-Key) or, in edit mode,
 * the invoice being edited (PUT). Resolves with the saved invoice's id; rejects with the failure,
 * which saveErrorMessage turns into the banner's sentence.
 */
export async function saveInvoice(values: InvoiceFormValues, invoiceId?: string): Promise<{ id: string }> {
  if (invoiceId) {
    const answer = await updateInvoice(invoiceId, toSavedInvoiceBody(values, 'update'));
    return { id: answer.invoice_id };
  }
  const body = toSavedInvoiceBody(values, 'create');
  const sent = JSON.stringify(body);
  try {
    const answer = await createInvoice(body, keyFor(sent));
    unanswered = null;
    return { id: answer.invoice_id };
  } catch (error) {
    if (outcomeKnown(error)) unanswered = null;
    throw error;
  }
}

/**
 * What the editor's banner says about a failed save (docs/product/messages-and-limits.md#invoice-editor-messages): the
 * server's own sentence when it sent one (a taken invoice number answers 409 with one), 'Failed to save invoice.' for a
 * refusal without one, 'No invoice ID returned from server.' for an answer that is not a saved invoice, and 'An error
 * occurred while saving the invoice.' when no answer arrived.
 */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof UnexpectedAnswerError) return error.serverMessage ?? SAVE_MESSAGES.noId;
  if (error instanceof ApiError) return error.serverMessage ?? SAVE_MESSAGES.failed;
  console.error('Invoice save failed', error);
  return SAVE_MESSAGES.error;
}

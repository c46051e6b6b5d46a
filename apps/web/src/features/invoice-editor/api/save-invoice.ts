import { ApiError } from '../../../lib/api-client';
import type { InvoiceFormValues } from '../model/invoice-form';
import { readSavedInvoiceId, SAVE_MESSAGES, toSavedInvoiceBody } from '../model/saved-invoice';
import { createInvoice, updateInvoice } from './invoices-api';

export type SaveResult = { ok: true; id: string } | { ok: false; message: string };

/** The fetch wrapper's text when the answer carried no sentence of its own. */
const NO_SERVER_TEXT = /^FAIL: \d+$/;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The key of the create whose outcome is unknown (no answer, or a 5xx), with the body it was sent
 * with: pressing Save again on the same invoice sends the same key, so a save that did reach the
 * database is answered, not made twice or refused as a taken number. Any other body gets a new key.
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

/** True when the server certainly did not store the save, or certainly did: the key is done with. */
function outcomeKnown(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

/**
 * Saves the form to the account: a new invoice (POST) or, in edit mode, the invoice being edited
 * (PUT). Never throws; a failure carries the message the editor's banner shows (spec part 1 §8),
 * the server's own sentence when it sent one (a taken invoice number answers 409 with one).
 */
export async function saveInvoice(values: InvoiceFormValues, invoiceId?: string): Promise<SaveResult> {
  let createBody: string | null = null;
  try {
    let answer: unknown;
    if (invoiceId) {
      answer = await updateInvoice(invoiceId, toSavedInvoiceBody(values, 'update'));
    } else {
      const body = toSavedInvoiceBody(values, 'create');
      createBody = JSON.stringify(body);
      answer = await createInvoice(body, keyFor(createBody));
      unanswered = null;
    }
    if (typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === false) {
      const { error, message } = answer as { error?: unknown; message?: unknown };
      return { ok: false, message: text(error) ?? text(message) ?? SAVE_MESSAGES.failed };
    }
    const id = readSavedInvoiceId(answer);
    return id ? { ok: true, id } : { ok: false, message: SAVE_MESSAGES.noId };
  } catch (error) {
    if (createBody !== null && outcomeKnown(error)) unanswered = null;
    if (error instanceof ApiError) {
      return { ok: false, message: NO_SERVER_TEXT.test(error.message) ? SAVE_MESSAGES.failed : error.message };
    }
    console.error('Invoice save failed', error);
    return { ok: false, message: SAVE_MESSAGES.error };
  }
}

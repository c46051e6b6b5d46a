import { ApiError } from '../../../lib/api-client';
import type { InvoiceFormValues } from '../model/invoice-form';
import { readSavedInvoiceId, SAVE_MESSAGES, toSavedInvoiceBody } from '../model/saved-invoice';
import { createInvoice, updateInvoice } from './invoices-api';

export type SaveResult = { ok: true; id: string } | { ok: false; message: string };

/** The fetch wrapper's text when the answer carried no sentence of its own. */
const NO_SERVER_TEXT = /^FAIL: \d+$/;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * Saves the form to the account: a new invoice (POST) or, in edit mode, the invoice being edited
 * (PUT). Never throws; a failure carries the message the editor's banner shows (spec part 1 §8),
 * the server's own sentence when it sent one (a taken invoice number answers 409 with one).
 */
export async function saveInvoice(values: InvoiceFormValues, invoiceId?: string): Promise<SaveResult> {
  try {
    const answer = invoiceId
      ? await updateInvoice(invoiceId, toSavedInvoiceBody(values, 'update'))
      : await createInvoice(toSavedInvoiceBody(values, 'create'));
    if (typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === false) {
      const { error, message } = answer as { error?: unknown; message?: unknown };
      return { ok: false, message: text(error) ?? text(message) ?? SAVE_MESSAGES.failed };
    }
    const id = readSavedInvoiceId(answer);
    return id ? { ok: true, id } : { ok: false, message: SAVE_MESSAGES.noId };
  } catch (error) {
    if (error instanceof ApiError) {
      return { ok: false, message: NO_SERVER_TEXT.test(error.message) ? SAVE_MESSAGES.failed : error.message };
    }
    console.error('Invoice save failed', error);
    return { ok: false, message: SAVE_MESSAGES.error };
  }
}

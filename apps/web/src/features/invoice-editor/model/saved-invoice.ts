import type { SavedInvoiceBodyInput } from '@invoicer/domain/api/invoices';
import type { InvoiceFormValues } from './invoice-form';
import { toDocumentInput } from './invoice-payload';

/** The editor's save messages (docs/product/messages-and-limits.md#invoice-editor-messages). */
export const SAVE_MESSAGES = {
  required: 'Please fill in all required fields before saving.',
  failed: 'Failed to save invoice.',
  error: 'An error occurred while saving the invoice.',
  noId: 'No invoice ID returned from server.',
} as const;

/** Saving needs an invoice number, a named item, From and To (docs/product/editor.md#saving-to-the-account). */
export function validateForSave(values: InvoiceFormValues): string | null {
  const filled = (text: string) => text.trim() !== '';
  if (
    !filled(values.invoiceNumber) ||
    !values.items.some((item) => filled(item.name)) ||
    !filled(values.from) ||
    !filled(values.to)
  ) {
    return SAVE_MESSAGES.required;
  }
  return null;
}

/**
 * The saved invoice payload (docs/product/entities.md#saved-invoice-body): the document as `data`, the chosen client
 * and business, and the top-level copies of dates and currency. A new invoice is a draft; an update sends no status, so
 * the server keeps the one it has.
 */
export function toSavedInvoiceBody(values: InvoiceFormValues, kind: 'create' | 'update'): SavedInvoiceBodyInput {
  const data = toDocumentInput(values);
  return {
    client_id: values.clientId,
    business_id: values.businessId,
    data,
    issued_date: data.issued_date ?? null,
    due_date: data.due_date ?? null,
    ...(kind === 'create' ? { status: 'draft' } : {}),
    currency: data.currency,
    currency_symbol: data.currency_symbol,
    currency_label: data.currency_label,
  };
}

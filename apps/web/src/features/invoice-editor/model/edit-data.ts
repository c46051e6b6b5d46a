/**
 * Reading GET /api/invoices/{id}/edit back into the form (spec part 1 §3 'Edit data read back'):
 * each field from its camelCase name, else from the nested snake_case `data`. Loaded only in
 * edit mode. The values go through the draft reader's rules, so what the inputs would refuse
 * (a foreign logo, an unknown currency, a negative amount) never reaches the form.
 */
import { draftToForm } from './draft-restore';
import type { StoredDraft, StoredDraftItem } from './draft-storage';
import type { InvoiceFormValues } from './invoice-form';

export interface EditInvoice {
  values: InvoiceFormValues;
  /** The number as loaded: the edit banner's 'Editing Invoice: {number}'. */
  invoiceNumber: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asNumeric = (value: unknown): string | number | null =>
  typeof value === 'string' || typeof value === 'number' ? value : null;
const asFlag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const asId = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

function toItems(value: unknown): StoredDraftItem[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isRecord).map((item) => ({
    id: asId(item.id),
    name: asText(item.name),
    description: asText(item.description),
    showDesc: asFlag(item.showDesc) ?? asFlag(item.show_desc),
    quantity: asNumeric(item.quantity),
    unit_cost: asNumeric(item.unit_cost) ?? asNumeric(item.unitCost) ?? asNumeric(item.rate),
  }));
}

/** The edit data of an answer `{ success, editData }` as form values; null when it is not one. */
export function readEditData(body: unknown, today: string): EditInvoice | null {
  if (!isRecord(body) || body.success === false) return null;
  const edit = isRecord(body.editData) ? body.editData : null;
  if (!edit) return null;
  const data = isRecord(edit.data) ? edit.data : {};
  // camelCase first, the nested snake_case copy otherwise.
  const read = <T>(camel: string, snake: string, as: (value: unknown) => T | null): T | null =>
    as(edit[camel]) ?? as(data[snake]) ?? as(edit[snake]);

  const invoiceNumber = read('invoiceNumber', 'invoice_number', asNumeric);
  if (invoiceNumber === null || String(invoiceNumber).trim() === '') return null;
  const draft: StoredDraft = {
    invoiceNumber,
    from: read('from', 'from', asText),
    to: read('to', 'to', asText),
    items: toItems(edit.items) ?? toItems(data.items),
    issuedDate: read('issuedDate', 'issued_date', asText),
    dueDate: read('dueDate', 'due_date', asText),
    paymentDetails: read('paymentDetails', 'payment_details', asText),
    terms: read('terms', 'terms', asText),
    taxPercent: read('taxPercent', 'tax_percent', asNumeric),
    discountPercent: read('discountPercent', 'discount_percent', asNumeric),
    shippingAmount: read('shippingAmount', 'shipping_amount', asNumeric),
    taxType: read('taxType', 'tax_type', asText),
    discountType: read('discountType', 'discount_type', asText),
    showTax: read('showTax', 'show_tax', asFlag),
    showDiscount: read('showDiscount', 'show_discount', asFlag),
    showShipping: read('showShipping', 'show_shipping', asFlag),
    logoUrl: read('logoUrl', 'logo_url', asText),
    currency: read('currency', 'currency', asText),
    clientId: read('clientId', 'client_id', asId),
    businessId: read('businessId', 'business_id', asId),
  };
  return { values: draftToForm(draft, today), invoiceNumber: String(invoiceNumber) };
}

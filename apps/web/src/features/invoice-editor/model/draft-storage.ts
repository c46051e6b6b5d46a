import type { InvoiceFormValues } from './invoice-form';

/** localStorage keys of the browser draft (docs/product/messages-and-limits.md#browser-storage). */
export const DRAFT_KEY = 'invoiceData';
export const SAVED_AT_KEY = 'lastSavedInvoice';

/** The browser draft as stored (docs/product/entities.md#browser-draft); older drafts may hold numbers. */
export interface StoredDraftItem {
  id?: string | number | null;
  name?: string | null;
  description?: string | null;
  showDesc?: boolean | null;
  quantity?: string | number | null;
  unit?: string | null;
  unit_cost?: string | number | null;
  /** VAT per line (older drafts lack them). */
  vat_category?: string | null;
  vat_rate?: string | number | null;
  vat_exemption_reason?: string | null;
}

export interface StoredDraft {
  from?: string | null;
  to?: string | null;
  items?: StoredDraftItem[] | null;
  invoiceNumber?: string | number | null;
  issuedDate?: string | null;
  dueDate?: string | null;
  paymentDetails?: string | null;
  terms?: string | null;
  taxPercent?: string | number | null;
  discountPercent?: string | number | null;
  shippingAmount?: string | number | null;
  taxType?: string | null;
  discountType?: string | null;
  showTax?: boolean | null;
  showDiscount?: boolean | null;
  showShipping?: boolean | null;
  logoUrl?: string | null;
  currency?: string | null;
  /** The chosen client and business, so a reload keeps them linked (older drafts lack them). */
  clientId?: string | null;
  businessId?: string | null;
  /** The invoice's own template and accent colour (older drafts lack them: the account's). */
  template?: string | null;
  accentColor?: string | null;
  paper?: string | null;
  /** The document language and whether the user picked it (older drafts lack them). */
  language?: string | null;
  languageChosen?: boolean | null;
  /** E-invoice details, with the contract's field names (older drafts lack them). */
  seller?: Record<string, string | null | undefined> | null;
  buyer?: Record<string, string | null | undefined> | null;
  iban?: string | null;
  bic?: string | null;
  vatPerLine?: boolean | null;
  discountBeforeTax?: boolean | null;
  paymentInstructions?: string | null;
}

/** What is written: the form minus UI-only state. */
export function formToDraft(values: InvoiceFormValues): StoredDraft {
  return {
    from: values.from,
    to: values.to,
    items: values.items.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      showDesc: item.showDesc,
      quantity: item.quantity,
      unit: item.unit,
      unit_cost: item.unitCost,
      vat_category: item.vatCategory ?? '',
      vat_rate: item.vatRate ?? '',
      vat_exemption_reason: item.vatExemptionReason ?? '',
    })),
    invoiceNumber: values.invoiceNumber,
    issuedDate: values.issuedDate,
    dueDate: values.dueDate,
    paymentDetails: values.paymentDetails,
    terms: values.terms,
    taxPercent: values.taxPercent,
    discountPercent: values.discountPercent,
    shippingAmount: values.shippingAmount,
    taxType: values.taxType,
    discountType: values.discountType,
    showTax: values.showTax,
    showDiscount: values.showDiscount,
    showShipping: values.showShipping,
    logoUrl: values.logoUrl,
    currency: values.currency,
    clientId: values.clientId,
    businessId: values.businessId,
    template: values.template,
    accentColor: values.accentColor,
    paper: values.paper,
    language: values.language,
    languageChosen: values.languageChosen,
    seller: values.seller,
    buyer: values.buyer,
    iban: values.iban,
    bic: values.bic,
    vatPerLine: values.vatPerLine,
    discountBeforeTax: values.discountBeforeTax,
    paymentInstructions: values.paymentInstructions,
  };
}

/** Whether a draft is stored at all (cheap: the page only loads the draft reader when there is one). */
export function hasStoredDraft(): boolean {
  try {
    return localStorage.getItem(DRAFT_KEY) !== null;
  } catch {
    return false; // storage blocked by the browser
  }
}

/** Writes the draft and its time; returns the ISO time, or null when the browser refused (full or blocked). */
export function writeDraft(values: InvoiceFormValues): string | null {
  try {
    const savedAt = new Date().toISOString();
    localStorage.setItem(DRAFT_KEY, JSON.stringify(formToDraft(values)));
    localStorage.setItem(SAVED_AT_KEY, savedAt);
    return savedAt;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
    localStorage.removeItem(SAVED_AT_KEY);
  } catch {
    // Storage blocked: there is nothing to clear.
  }
}

/**
 * Reading the browser draft back. Loaded only when a draft is stored, so a first visit to
 * /new downloads neither this nor zod.
 */
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '@invoicer/domain/currencies';
import { addDays, isIsoDate } from '@invoicer/domain/dates';
import { isAccentColor, isTemplateName } from '@invoicer/domain/invoice-templates';
import { normalizeLanguage } from '@invoicer/domain/document-language';
import { parseLogoUrl } from '@invoicer/domain/logo-url';
// zod's mini build: a fraction of the full one's size, for this one schema.
import * as z from 'zod/mini';
import {
  DUE_DAYS,
  FIRST_INVOICE_NUMBER,
  newItemId,
  newLineItem,
  type AdjustmentType,
  type InvoiceFormValues,
  type LineItem,
} from './invoice-form';
import { DRAFT_KEY, SAVED_AT_KEY, type StoredDraft, type StoredDraftItem } from './draft-storage';
import { MAX_UNIT_LENGTH } from '@invoicer/domain/quantity';
import { VAT_CATEGORIES, type VatCategory } from '@invoicer/domain/einvoice/einvoice-model';
import { BUYER_FIELDS, partyFromData, SELLER_FIELDS } from './einvoice-fields';
import { acceptQuantityText, acceptUnitCostText, normalizeDecimalText, sanitizeAdjustmentText } from './numeric-text';

const text = z.optional(z.nullable(z.string()));
const numeric = z.optional(z.nullable(z.union([z.string(), z.number()])));
const flag = z.optional(z.nullable(z.boolean()));

const draftItemSchema = z.object({
  id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  name: text,
  description: text,
  showDesc: flag,
  quantity: numeric,
  unit: text,
  unit_cost: numeric,
  vat_category: text,
  vat_rate: numeric,
  vat_exemption_reason: text,
});

const party = z.optional(z.nullable(z.record(z.string(), z.optional(z.nullable(z.string())))));

/**
 * The stored draft's shape (docs/product/entities.md#browser-draft). Fields may be missing (older drafts get the
 * defaults) but a field of the wrong type means the stored value is not ours: the
 * whole draft is ignored and the user gets a fresh form.
 */
const draftSchema = z.object({
  from: text,
  to: text,
  items: z.optional(z.nullable(z.array(draftItemSchema))),
  invoiceNumber: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  issuedDate: text,
  dueDate: text,
  paymentDetails: text,
  terms: text,
  taxPercent: numeric,
  discountPercent: numeric,
  shippingAmount: numeric,
  taxType: text,
  discountType: text,
  showTax: flag,
  showDiscount: flag,
  showShipping: flag,
  logoUrl: text,
  currency: text,
  clientId: text,
  businessId: text,
  template: text,
  accentColor: text,
  paper: text,
  language: text,
  languageChosen: flag,
  seller: party,
  buyer: party,
  iban: text,
  bic: text,
  vatPerLine: flag,
  discountBeforeTax: flag,
  paymentInstructions: text,
});

/** Numbers from older drafts become the text an input would hold; anything the input would refuse becomes 0. */
function numericText(value: string | number | null | undefined, accept: (text: string) => boolean, fallback: string) {
  if (value == null) return fallback;
  const text = typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? String(value) : '0') : value;
  return accept(text) ? text : '0';
}

const adjustmentType = (value: string | null | undefined): AdjustmentType =>
  value === 'fixed' || value === 'flat' ? 'fixed' : 'percent';

function adjustmentText(
  value: string | number | null | undefined,
  kind: AdjustmentType,
  currency: CurrencyCode,
): string {
  const raw = value == null ? '0' : String(value);
  return normalizeDecimalText(sanitizeAdjustmentText(raw, kind, '0', currency));
}

function toLineItems(items: StoredDraftItem[] | null | undefined, currency: CurrencyCode): LineItem[] {
  if (!items || items.length === 0) return [newLineItem()];
  const seen = new Set<string>();
  return items.map((item) => {
    // Ids key the rows and the drag handles, so a missing or repeated one gets a fresh id.
    let id = item.id == null ? '' : String(item.id);
    if (!id || seen.has(id)) id = newItemId();
    seen.add(id);
    return {
      id,
      name: item.name ?? '',
      description: item.description ?? '',
      showDesc: item.showDesc ?? Boolean(item.description),
      quantity: numericText(item.quantity, acceptQuantityText, '1'),
      unit: (item.unit ?? '').slice(0, MAX_UNIT_LENGTH),
      unitCost: numericText(item.unit_cost, (text) => acceptUnitCostText(text, currency), '0'),
      ...lineVat(item),
    };
  });
}

/** A line's VAT as the inputs hold it; an unknown category is none (the select could not show it). */
function lineVat(item: StoredDraftItem): Pick<LineItem, 'vatCategory' | 'vatRate' | 'vatExemptionReason'> {
  // A line without VAT stays as lines were before VAT per line existed.
  if (!item.vat_category && (item.vat_rate ?? '') === '' && !item.vat_exemption_reason) return {};
  const category = (VAT_CATEGORIES as readonly string[]).includes(item.vat_category ?? '')
    ? (item.vat_category as VatCategory)
    : '';
  const rate = item.vat_rate == null ? '' : String(item.vat_rate);
  return {
    vatCategory: category,
    vatRate: category === 'S' ? rate : '',
    vatExemptionReason: item.vat_exemption_reason ?? '',
  };
}

/**
 * A stored draft as form values, with defaults for what it lacks
 * (docs/product/states-and-transitions.md#the-browser-draft): the first invoice number, issued today, due 7 days after
 * issued, Tax and Shipping shown, Discount hidden.
 */
export function draftToForm(draft: StoredDraft, today: string): InvoiceFormValues {
  const issuedDate = draft.issuedDate && isIsoDate(draft.issuedDate) ? draft.issuedDate : today;
  const dueDate = draft.dueDate && isIsoDate(draft.dueDate) ? draft.dueDate : addDays(issuedDate, DUE_DAYS);
  const currency: CurrencyCode = isCurrencyCode(draft.currency) ? draft.currency : DEFAULT_CURRENCY;
  const taxType = adjustmentType(draft.taxType);
  const discountType = adjustmentType(draft.discountType);
  const invoiceNumber = draft.invoiceNumber == null ? '' : String(draft.invoiceNumber);
  return {
    // Only a logo the server accepts (our store or a data: image) is restored.
    logoUrl: draft.logoUrl && parseLogoUrl(draft.logoUrl) ? draft.logoUrl : '',
    invoiceNumber: invoiceNumber.trim() === '' ? FIRST_INVOICE_NUMBER : invoiceNumber,
    currency,
    from: draft.from ?? '',
    to: draft.to ?? '',
    issuedDate,
    dueDate,
    items: toLineItems(draft.items, currency),
    paymentDetails: draft.paymentDetails ?? '',
    terms: draft.terms ?? '',
    taxPercent: adjustmentText(draft.taxPercent, taxType, currency),
    taxType,
    showTax: draft.showTax ?? true,
    discountPercent: adjustmentText(draft.discountPercent, discountType, currency),
    discountType,
    showDiscount: draft.showDiscount ?? false,
    shippingAmount: adjustmentText(draft.shippingAmount, 'fixed', currency),
    showShipping: draft.showShipping ?? true,
    clientId: draft.clientId || null,
    businessId: draft.businessId || null,
    template: isTemplateName(draft.template) ? draft.template : null,
    accentColor: isAccentColor(draft.accentColor) ? draft.accentColor.toLowerCase() : null,
    paper: draft.paper === 'a4' || draft.paper === 'letter' ? draft.paper : null,
    language: normalizeLanguage(draft.language),
    // Only a language can be picked: "the client's, else English" is no pick.
    languageChosen: draft.languageChosen === true && normalizeLanguage(draft.language) !== null,
    seller: partyFromData(SELLER_FIELDS, draft.seller),
    buyer: partyFromData(BUYER_FIELDS, draft.buyer),
    iban: draft.iban ?? '',
    bic: draft.bic ?? '',
    // VAT per line needs a category on every row; a draft with some rows only is shown with the switch on.
    vatPerLine: draft.vatPerLine ?? (draft.items ?? []).some((item) => Boolean(item.vat_category)),
    discountBeforeTax: draft.discountBeforeTax === true,
    paymentInstructions: draft.paymentInstructions ?? '',
  };
}

export interface RestoredDraft {
  values: InvoiceFormValues;
  savedAt: string | null;
  /** The number is a default (the first number), not the user's: a signed-in user gets the server's next number instead. */
  numberMissing?: boolean;
  /** A fresh form, no draft: a signed-in user's account defaults ("Apply discounts before tax") apply to it. */
  fresh?: boolean;
}

/** The stored draft, or null when there is none or it is corrupt or not ours (never throws). */
export function readDraft(today: string): RestoredDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (raw === null) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const savedAt = localStorage.getItem(SAVED_AT_KEY);
    const number = parsed.data.invoiceNumber;
    return {
      values: draftToForm(parsed.data, today),
      savedAt: savedAt && !Number.isNaN(Date.parse(savedAt)) ? savedAt : null,
      numberMissing: number == null || String(number).trim() === '',
    };
  } catch {
    return null; // unparsable JSON, or storage blocked by the browser
  }
}

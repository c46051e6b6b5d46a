import { DEFAULT_CURRENCY, type CurrencyCode } from '@invoicer/domain/currencies';
import { addDays } from '@invoicer/domain/dates';
import { nextInvoiceNumber } from '@invoicer/domain/invoice-number';
import type { PaperSize, TemplateName } from '@invoicer/domain/invoice-templates';
import type { AdjustmentType } from '@invoicer/domain/totals';
import type { VatCategory } from '@invoicer/domain/einvoice/einvoice-model';
import { emptyBuyer, emptySeller, type BuyerValues, type SellerValues } from './einvoice-fields';

/** Default due date: issued date plus 7 days (docs/product/states-and-transitions.md#a-fresh-invoice). */
export const DUE_DAYS = 7;
/** A new invoice's number until the server's next one is known: the domain's rule for an account with none. */
export const FIRST_INVOICE_NUMBER = nextInvoiceNumber([]);

/**
 * One line of the invoice as the user typed it (docs/product/editor.md#items). Quantity and rate stay the
 * text in the input, so '12.' or '' survive while typing; they become numbers only for the
 * totals and the request body.
 */
export interface LineItem {
  id: string;
  name: string;
  description: string;
  showDesc: boolean;
  quantity: string;
  /** What the quantity counts ('hours'), as typed; trimmed by the schema. */
  unit: string;
  unitCost: string;
  /** VAT per line (docs/decisions/0069-vat-categories-and-discounts-before-tax.md): '' or absent when none is chosen. */
  vatCategory?: VatCategory | '';
  /** Percent as typed (19, 8.875); used for S only. */
  vatRate?: string;
  vatExemptionReason?: string;
}

export type { AdjustmentType };

/** The invoice form (docs/product/editor.md), everything as typed. */
export interface InvoiceFormValues {
  logoUrl: string;
  invoiceNumber: string;
  currency: CurrencyCode;
  from: string;
  to: string;
  issuedDate: string;
  dueDate: string;
  items: LineItem[];
  paymentDetails: string;
  terms: string;
  taxPercent: string;
  taxType: AdjustmentType;
  showTax: boolean;
  discountPercent: string;
  discountType: AdjustmentType;
  showDiscount: boolean;
  shippingAmount: string;
  showShipping: boolean;
  /** The client chosen in To, saved as the invoice's client_id (signed-in users only). */
  clientId: string | null;
  /** The business chosen in From, saved as business_id. */
  businessId: string | null;
  /** This invoice's own PDF template and accent colour (`#rrggbb`); null: the account's default. */
  template: TemplateName | null;
  accentColor: string | null;
  /** A4 or Letter; null: by the currency (Letter for USD and CAD). */
  paper: PaperSize | null;
  /**
   * The language it prints in, a BCP 47 tag; null: the saved client's, else English
   * (docs/decisions/0061-the-document-language.md). A new invoice starts in the chosen client's, else the
   * account's (the browser's while signed out; docs/decisions/0075-the-account-default-language.md).
   */
  language: string | null;
  /** Whether the user picked the language: then choosing a client no longer changes it. */
  languageChosen: boolean;
  /** E-invoice details (docs/decisions/0070-e-invoice-fields-and-outputs.md), as typed; blank is absent. */
  seller: SellerValues;
  buyer: BuyerValues;
  iban: string;
  bic: string;
  /** Every line carries a VAT category and rate; the tax is then the breakdown per rate (ADR 69). */
  vatPerLine: boolean;
  /** Simple mode: a percent tax is taken of the subtotal less the discount (ADR 69). */
  discountBeforeTax: boolean;
  /** Not shown by the editor; kept so a saved invoice's own value survives a save from here. */
  paymentInstructions: string;
}

/** Tax, discount and shipping as the summary shows and edits them. */
export type AdjustmentFields = Pick<
  InvoiceFormValues,
  | 'taxPercent'
  | 'taxType'
  | 'showTax'
  | 'discountPercent'
  | 'discountType'
  | 'showDiscount'
  | 'shippingAmount'
  | 'showShipping'
>;

/** Ids are made in the browser; randomUUID is missing outside secure contexts (plain http on a LAN). */
export function newItemId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `item-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function newLineItem(): LineItem {
  return { id: newItemId(), name: '', description: '', showDesc: false, quantity: '1', unit: '', unitCost: '0' };
}

/** Today as YYYY-MM-DD in the user's own time zone (an invoice is dated where it is written). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A new invoice: one empty line, Tax / Discount / Shipping hidden
 * (docs/product/states-and-transitions.md#a-fresh-invoice).
 */
export function createFreshForm(
  today: string,
  currency: CurrencyCode = DEFAULT_CURRENCY,
  language: string | null = null,
): InvoiceFormValues {
  return {
    logoUrl: '',
    invoiceNumber: FIRST_INVOICE_NUMBER,
    currency,
    from: '',
    to: '',
    issuedDate: today,
    dueDate: addDays(today, DUE_DAYS),
    items: [newLineItem()],
    paymentDetails: '',
    terms: '',
    taxPercent: '0',
    taxType: 'percent',
    showTax: false,
    discountPercent: '0',
    discountType: 'percent',
    showDiscount: false,
    shippingAmount: '0',
    showShipping: false,
    clientId: null,
    businessId: null,
    template: null,
    accentColor: null,
    paper: null,
    language,
    languageChosen: false,
    seller: emptySeller(),
    buyer: emptyBuyer(),
    iban: '',
    bic: '',
    vatPerLine: false,
    discountBeforeTax: false,
    paymentInstructions: '',
  };
}

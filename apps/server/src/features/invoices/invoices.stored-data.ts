import type { InvoiceDocument, LogoRef } from '@invoicer/domain/invoice-document';
import { formatAmount, minorToFixed } from '@invoicer/domain/money';
import { isCurrencyCode, DEFAULT_CURRENCY, type CurrencyCode } from '@invoicer/domain/currencies';
import type { EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import { isAccentColor, isTemplateName, type PaperSize, type TemplateName } from '@invoicer/domain/invoice-templates';
import type { Adjustment } from '@invoicer/domain/totals';
import { normalizeLanguage } from '@invoicer/domain/document-language';
import {
  bicInputSchema,
  buyerInputSchema,
  ibanInputSchema,
  sellerInputSchema,
  type DocumentBuyer,
  type DocumentSeller,
} from '@invoicer/domain/api/einvoice-fields';
import { VAT_CATEGORIES, type VatCategory } from '@invoicer/domain/einvoice/einvoice-model';
import { normalizeSearchText, searchWords } from '../../shared/search-text';
import type { InvoiceWithJsonItems } from '../../pdf/invoice-json';
import { isLargeWeight, partiesTextLength } from '../../pdf/large-document';
import type { InvoicePdfRow, InvoiceRow } from './invoices.queries';

/**
 * How an invoice is stored. The columns hold what lists, searches and sums need (number, status,
 * dates, currency, client name, totals in minor units, search_text); `invoices.data` holds the rest
 * of the editor's document (StoredInvoiceData, money in minor units); items are rows of invoice_items.
 */

// ---------------------------------------------------------------------------------------------
// invoices.data

/**
 * Version 2 of invoices.data: the document without items, number, dates and currency (columns). A
 * percent tax or discount is a PercentRate (thousandths of a percent, 8.875 % is 8875); version 1
 * held basis points (8.25 % was 825) and migration 0010 moved every row to version 2
 * (docs/decisions/0044-percent-rates-in-thousandths.md).
 */
export interface StoredInvoiceData {
  v: 2;
  from: string;
  to: string;
  tax: Adjustment;
  discount: Adjustment;
  shipping: { enabled: boolean; amount: number };
  paymentDetails: string;
  paymentInstructions: string;
  terms: string;
  logo: LogoRef | null;
  /** The invoice's own template and accent colour; absent or null: the account's (docs/decisions/0062-three-templates-and-the-accent-colour.md). */
  template?: TemplateName | null;
  accentColor?: string | null;
  paper?: PaperSize | null;
  /** The invoice's own language tag; absent or null: its client's, else English (docs/decisions/0061-the-document-language.md). */
  language?: string | null;
  /** Simple mode: the percent tax is taken after the discount (docs/decisions/0069-vat-categories-and-discounts-before-tax.md). */
  discountBeforeTax?: boolean;
  /** E-invoice details as the contract names them (docs/decisions/0070-e-invoice-fields-and-outputs.md). */
  seller?: DocumentSeller;
  buyer?: DocumentBuyer;
  iban?: string;
  bic?: string;
}

export function toStoredData(document: InvoiceDocument): StoredInvoiceData {
  return {
    v: 2,
    from: document.from,
    to: document.to,
    tax: document.tax,
    discount: document.discount,
    shipping: document.shipping,
    paymentDetails: document.paymentDetails,
    paymentInstructions: document.paymentInstructions,
    terms: document.terms,
    logo: document.logo,
    template: document.template ?? null,
    accentColor: document.accentColor ?? null,
    paper: document.paper ?? null,
    language: document.language ?? null,
    ...(document.discountBeforeTax ? { discountBeforeTax: true } : {}),
    ...(document.seller ? { seller: document.seller } : {}),
    ...(document.buyer ? { buyer: document.buyer } : {}),
    ...(document.iban ? { iban: document.iban } : {}),
    ...(document.bic ? { bic: document.bic } : {}),
  };
}

/** A stored e-invoice field read with its own schema; anything it would refuse (a hand-edited row) reads as absent. */
function storedField<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
) {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const isVatCategory = (value: unknown): value is VatCategory =>
  typeof value === 'string' && (VAT_CATEGORIES as readonly string[]).includes(value);

/** An item's stored VAT columns as the document's fields (absent when the line has no category). */
export function itemVat(category: unknown, rate: unknown, reason: unknown) {
  if (!isVatCategory(category)) return {};
  return {
    vatCategory: category,
    vatRate: typeof rate === 'number' && Number.isSafeInteger(rate) ? rate : 0,
    ...(typeof reason === 'string' && reason !== '' ? { vatExemptionReason: reason } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const minor = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

/** Rows before version 2 held basis points: ten thousandths of a percent each. */
const BASIS_POINT_TO_RATE = 10;

/**
 * A stored tax or discount. A row of an earlier version (written by a server older than migration
 * 0010, should one still run beside a newer one) holds basis points and is read on the new scale.
 */
function adjustment(value: unknown, version: unknown): Adjustment {
  const source = isObject(value) ? value : {};
  const type = source.type === 'fixed' ? 'fixed' : 'percent';
  const stored = minor(source.value);
  return {
    enabled: source.enabled === true,
    type,
    value: type === 'percent' && version !== 2 ? stored * BASIS_POINT_TO_RATE : stored,
  };
}

function logoRef(value: unknown): LogoRef | null {
  if (!isObject(value)) return null;
  if (value.kind === 'upload' && typeof value.id === 'string') return { kind: 'upload', id: value.id };
  if (value.kind === 'data' && typeof value.mime === 'string' && typeof value.base64 === 'string') {
    return { kind: 'data', mime: value.mime, base64: value.base64 };
  }
  return null;
}

/** The document a row stands for. Reads invoices.data defensively: a field missing from a hand-edited row reads as empty. */
export function toDocument(
  row: Pick<InvoiceRow, 'data' | 'invoiceNumber' | 'issuedDate' | 'dueDate' | 'currency' | 'items'>,
): InvoiceDocument {
  return {
    ...documentFields(row),
    items: row.items.map(([name, description, quantity, unitCost, unit, vatCategory, vatRate, vatReason]) => ({
      name,
      description,
      quantity: Number(quantity),
      ...(unit ? { unit } : {}),
      unitCost: Number(unitCost),
      ...itemVat(vatCategory, vatRate, vatReason),
    })),
  };
}

/**
 * What the PDF engine renders of a stored invoice: the document with its items left as the JSON
 * text the query wrote, for a PDF thread to parse (pdf/invoice-json.ts), and whether it is large
 * by the query's counts, with the payment QR code's transfer (invoices.payment-qr.ts, storedInvoiceTransfer) and
 * what was paid (printed under Total once a payment exists).
 */
export function toPdfSource(row: InvoicePdfRow, transfer: EpcCreditTransfer | null): InvoiceWithJsonItems {
  const fields = documentFields(row);
  // An invoice that names no language prints in its saved client's (else English).
  const document: InvoiceDocument = {
    ...fields,
    language: fields.language ?? normalizeLanguage(row.clientLanguage),
    items: [],
  };
  const large = isLargeWeight(row.itemCount, row.itemText + partiesTextLength(document));
  const paid =
    Number(row.amountPaidMinor) > 0
      ? { amountPaidMinor: Number(row.amountPaidMinor), balanceDueMinor: Number(row.amountDueMinor) }
      : null;
  // An invoice that names no template or colour prints in the account's (the query reads them).
  return {
    document,
    itemsJson: row.itemsJson,
    large,
    transfer,
    paid,
    accountTemplate: isTemplateName(row.accountTemplate) ? row.accountTemplate : null,
    accountAccentColor: isAccentColor(row.accountAccentColor) ? row.accountAccentColor : null,
  };
}

function documentFields(
  row: Pick<InvoiceRow, 'data' | 'invoiceNumber' | 'issuedDate' | 'dueDate' | 'currency'>,
): Omit<InvoiceDocument, 'items'> {
  const data = isObject(row.data) ? row.data : {};
  const shipping = isObject(data.shipping) ? data.shipping : {};
  return {
    from: text(data.from),
    to: text(data.to),
    invoiceNumber: row.invoiceNumber,
    issuedDate: row.issuedDate,
    dueDate: row.dueDate,
    tax: adjustment(data.tax, data.v),
    discount: adjustment(data.discount, data.v),
    shipping: { enabled: shipping.enabled === true, amount: minor(shipping.amount) },
    paymentDetails: text(data.paymentDetails),
    paymentInstructions: text(data.paymentInstructions),
    terms: text(data.terms),
    logo: logoRef(data.logo),
    currency: currencyOf(row),
    template: isTemplateName(data.template) ? data.template : null,
    accentColor: isAccentColor(data.accentColor) ? data.accentColor.toLowerCase() : null,
    paper: data.paper === 'a4' || data.paper === 'letter' ? data.paper : null,
    language: normalizeLanguage(data.language),
    ...(data.discountBeforeTax === true ? { discountBeforeTax: true } : {}),
    ...present('seller', storedField(sellerInputSchema, data.seller)),
    ...present('buyer', storedField(buyerInputSchema, data.buyer)),
    ...present('iban', storedField(ibanInputSchema, data.iban)),
    ...present('bic', storedField(bicInputSchema, data.bic)),
  };
}

function present<K extends string, T>(key: K, value: T | undefined): Partial<Record<K, T>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, T>);
}

export const currencyOf = (row: Pick<InvoiceRow, 'currency'>): CurrencyCode =>
  isCurrencyCode(row.currency) ? row.currency : DEFAULT_CURRENCY;

// ---------------------------------------------------------------------------------------------
// Search

/**
 * invoices.search_text: the invoice number, the client name and the total as '1234.50' and
 * '1,234.50' (in the currency's decimals: '1234' and '1,234' for JPY), each normalised like every search in the product (lower case, accents removed),
 * one per line.
 */
export function invoiceSearchText(
  invoiceNumber: string,
  clientName: string,
  totalMinor: number,
  currency: CurrencyCode,
): string {
  return [invoiceNumber, clientName, minorToFixed(totalMinor, currency), formatAmount(totalMinor, currency)]
    .map(normalizeSearchText)
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * The words of the search box as search_text holds them, longest first (see searchWords). Currency
 * symbols typed with an amount ('€1,234.50') are not part of search_text.
 */
export function invoiceSearchWords(search: string): string[] {
  return searchWords(search.replace(/\p{Sc}/gu, ' '));
}

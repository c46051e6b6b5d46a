import { z } from 'zod';
import { currencyInputSchema, textSchema } from './api/common';
import { currencyDecimals, DEFAULT_CURRENCY, type CurrencyCode } from './currencies';
import { isIsoDate } from './dates';
import { MAX_MONEY_MINOR, parseMinor, type Minor } from './money';
import { MAX_PERCENT_RATE, PERCENT_DECIMALS, parsePercentRate } from './percent';
import { MESSAGES } from './invoice-messages';
import { LOGO_DATA_URL_MAX, parseLogoUrl, type LogoRef } from './logo-url';
import { computeTotals, type Adjustment, type AdjustmentType } from './totals';
import { MAX_QUANTITY, MAX_UNIT_LENGTH, parseQuantity, QUANTITY_MESSAGES } from './quantity';
import {
  accentColorInputSchema,
  paperInputSchema,
  templateInputSchema,
  type PaperSize,
  type TemplateName,
} from './invoice-templates';
import { languageInputSchema } from './document-language';
import {
  bicInputSchema,
  buyerInputSchema,
  EINVOICE_FIELD_MESSAGES,
  ibanInputSchema,
  sellerInputSchema,
  vatCategoryInputSchema,
  vatExemptionReasonSchema,
  type DocumentBuyer,
  type DocumentSeller,
} from './api/einvoice-fields';
import type { VatCategory } from './einvoice/einvoice-model';

/**
 * The invoice body of POST /generate-invoice and /preview-invoice (docs/product/entities.md#invoice-document), which is
 * also the editor's form payload. Parsing turns the contract's decimals into integer minor
 * units (percent rates into thousandths of a percent, percent.ts) and drops unnamed items (the client sends only named ones), so the PDF engine and
 * the totals never see a float.
 */

export { MESSAGES, parseLogoUrl, type LogoRef };

export const LIMITS = {
  partyText: 2_000,
  longText: 5_000,
  itemName: 500,
  invoiceNumber: 64,
  items: 1_000,
  quantity: MAX_QUANTITY,
  unit: MAX_UNIT_LENGTH,
  logoDataUrl: LOGO_DATA_URL_MAX,
} as const;

export interface InvoiceDocumentItem {
  name: string;
  description: string;
  /** 0 or more with at most 3 decimals (quantity.ts; docs/decisions/0060-decimal-quantities-and-units.md). */
  quantity: number;
  /** What the quantity counts ('hours', 'kg'), trimmed; absent (or '') when the line has none. */
  unit?: string;
  unitCost: Minor;
  /** VAT mode (docs/decisions/0069-vat-categories-and-discounts-before-tax.md): every line has one or none does. */
  vatCategory?: VatCategory;
  /** Thousandths of a percent; 0 for every category but S. Present with vatCategory. */
  vatRate?: number;
  vatExemptionReason?: string;
}

export interface InvoiceDocument {
  from: string;
  to: string;
  invoiceNumber: string;
  issuedDate: string | null;
  dueDate: string | null;
  items: InvoiceDocumentItem[];
  tax: Adjustment;
  discount: Adjustment;
  shipping: { enabled: boolean; amount: Minor };
  paymentDetails: string;
  paymentInstructions: string;
  terms: string;
  logo: LogoRef | null;
  currency: CurrencyCode;
  /** The invoice's own template; null or absent: the account's default (docs/decisions/0062-three-templates-and-the-accent-colour.md). */
  template?: TemplateName | null;
  /** The invoice's own accent colour, `#rrggbb` in lower case; null or absent: the account's, else the template's. */
  accentColor?: string | null;
  /** The paper; null or absent: by the language's region, else the currency (defaultPaper). */
  paper?: PaperSize | null;
  /**
   * The language it prints in, a canonical BCP 47 tag (`de`, `fr-CA`); null or absent: the saved client's preferred
   * language, else English (docs/decisions/0061-the-document-language.md).
   */
  language?: string | null;
  /**
   * Simple mode: a percent tax is taken of the subtotal less the discount (docs/decisions/0069-vat-categories-and-discounts-before-tax.md).
   * Absent: the product's formula, tax of the subtotal.
   */
  discountBeforeTax?: boolean;
  /** Structured parties for e-invoices (docs/decisions/0070-e-invoice-fields-and-outputs.md); the free text stays what prints. */
  seller?: DocumentSeller;
  buyer?: DocumentBuyer;
  /** The payment means of an e-invoice (SEPA credit transfer), compact and checked. */
  iban?: string;
  bic?: string;
}

// Every text field starts from the domain's textSchema: U+0000 and lone surrogates are refused
// with a message naming the field (JSONB cannot store either; UTF-8 would silently alter the second).
const text = (max: number, label: string) =>
  textSchema(label)
    .max(max, { error: `${label} is too long (at most ${max} characters).` })
    .nullish()
    .transform((value) => value ?? '');

const party = (label: string) =>
  textSchema(label, MESSAGES.fromTo)
    .max(LIMITS.partyText, { error: `${label} is too long (at most ${LIMITS.partyText} characters).` })
    .refine((value) => value.trim() !== '', { error: MESSAGES.fromTo });

type ParsedValue = { ok: true; value: number } | { ok: false; message: string };

/**
 * The message for an amount the currency cannot hold, the same in the editor (inline) and the routes
 * (400): "Rate must be a whole number in JPY." for a fraction in a currency without a minor unit (ADR 59).
 */
export function moneyDecimalsMessage(label: string, currency: CurrencyCode, fraction = true): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0)
    return fraction
      ? `${label} must be a whole number in ${currency}.`
      : `${label} must be a whole number in ${currency}, 0 or more.`;
  return `${label} must be a non-negative number with at most ${decimals} decimals.`;
}

/** Digits with at most the currency's decimals (whatever their size). */
function fitsDecimals(text: string, currency: CurrencyCode): boolean {
  const decimals = currencyDecimals(currency);
  return (decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:\\.\\d{1,${decimals}})?$`)).test(text);
}

/**
 * A non-negative decimal with at most the currency's decimals, as number or numeric text, as minor
 * units of the currency ('' is 0). The one reading of a typed or sent amount: the schema and the
 * editor's inline messages both use it.
 */
export function parseMoneyValue(value: number | string, label: string, currency: CurrencyCode): ParsedValue {
  if (value === '') return { ok: true, value: 0 };
  const minor = parseMinor(value, currency);
  if (minor === null) {
    const text = typeof value === 'number' ? String(value) : value.trim();
    // Digits beyond a safe integer are too large; a fraction the currency has no room for is named as such.
    if (fitsDecimals(text, currency)) return { ok: false, message: `${label} is too large.` };
    return { ok: false, message: moneyDecimalsMessage(label, currency, /^\d*\.\d+$/.test(text)) };
  }
  if (minor > MAX_MONEY_MINOR) return { ok: false, message: `${label} is too large.` };
  return { ok: true, value: minor };
}

/** A percent from 0 to 100 with at most 3 decimals, as number or numeric text, as a PercentRate ('' is 0). */
function parsePercentValue(value: number | string, label: string): ParsedValue {
  const range = `${label} percent must be between 0 and 100.`;
  if (value === '') return { ok: true, value: 0 };
  const rate = parsePercentRate(value);
  if (rate === null && /^\d+(?:\.\d{1,3})?$/.test(String(value).trim())) return { ok: false, message: range };
  if (rate === null) {
    return {
      ok: false,
      message: `${label} percent must be a non-negative number with at most ${PERCENT_DECIMALS} decimals.`,
    };
  }
  if (rate > MAX_PERCENT_RATE) return { ok: false, message: range };
  return { ok: true, value: rate };
}

/**
 * An amount as sent (a number or numeric text): read into minor units with the invoice's currency, which
 * decides how many decimals it may have (superRefine and the transform below).
 */
const moneyValueSchema = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be a number.` }).default(0);

/**
 * tax_percent / discount_percent as sent: a number or numeric text whose meaning follows its type
 * (a percent with at most 3 decimals, or an amount in the currency's decimals), so it is read with the type.
 */
const adjustmentValueSchema = moneyValueSchema;

/** An adjustment's value by its type: a PercentRate for percent, minor units for fixed. */
function parseAdjustmentValue(
  value: number | string,
  type: AdjustmentType,
  label: string,
  currency: CurrencyCode,
): ParsedValue {
  return type === 'percent' ? parsePercentValue(value, label) : parseMoneyValue(value, label, currency);
}

const quantitySchema = z.union([z.number(), z.string()], { error: QUANTITY_MESSAGES.type }).transform((value, ctx) => {
  const parsed = parseQuantity(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.value;
});

/** The item's unit: free text, trimmed, at most MAX_UNIT_LENGTH characters; absent or null is none. */
const unitSchema = textSchema('Unit')
  .nullish()
  // One line in the Qty column: inner runs of spaces and line breaks become one space.
  .transform((value) => (value ?? '').trim().replace(/\s+/g, ' '))
  .refine((value) => value.length <= MAX_UNIT_LENGTH, { error: QUANTITY_MESSAGES.unitLength });

export const adjustmentTypeSchema = z
  .enum(['percent', 'fixed', 'flat'], { error: 'Type must be "percent" or "fixed".' })
  .nullish()
  .transform((value): AdjustmentType => (value === 'fixed' || value === 'flat' ? 'fixed' : 'percent'));

const dateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date in YYYY-MM-DD format.` })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), {
      error: `${label} must be a date in YYYY-MM-DD format.`,
    });

/** The logo_url a LogoRef came from, in canonical form (relative upload path or data URL). */
export function logoRefToUrl(logo: LogoRef): string {
  return logo.kind === 'upload' ? `/api/logos/${logo.id}` : `data:${logo.mime};base64,${logo.base64}`;
}

const logoSchema = z
  .string({ error: MESSAGES.logo })
  .nullish()
  .transform((value, ctx): LogoRef | null => {
    if (!value) return null;
    const logo = parseLogoUrl(value);
    if (!logo) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.logo });
      return z.NEVER;
    }
    return logo;
  });

export const invoiceItemInputSchema = z.object(
  {
    id: z.union([textSchema('Item id'), z.number()], { error: 'Item id must be text or a number.' }).nullish(),
    name: textSchema('Item name')
      .max(LIMITS.itemName, { error: `Item name is too long (at most ${LIMITS.itemName} characters).` })
      .nullish(),
    description: text(LIMITS.longText, 'Item description'),
    showDesc: z.boolean({ error: 'Show flags must be true or false.' }).nullish(),
    quantity: quantitySchema.default(1),
    unit: unitSchema,
    unit_cost: moneyValueSchema('Rate'),
    vat_category: vatCategoryInputSchema,
    vat_rate: z.union([z.number(), z.string(), z.null()], { error: EINVOICE_FIELD_MESSAGES.vatRate }).optional(),
    vat_exemption_reason: vatExemptionReasonSchema,
  },
  { error: MESSAGES.item },
);

const flag = z.boolean({ error: 'Show flags must be true or false.' }).nullish().transform(Boolean);

/** Body of POST /generate-invoice and /preview-invoice, and the form's payload. */
export const invoiceDocumentInputSchema = z
  .object(
    {
      from: party('From'),
      to: party('To'),
      items: z
        .array(invoiceItemInputSchema, { error: MESSAGES.items })
        .max(LIMITS.items, { error: `An invoice holds at most ${LIMITS.items} items.` }),
      invoice_number: z
        .union([textSchema('Invoice number'), z.number()], { error: 'Invoice number must be text.' })
        .nullish()
        .transform((value) => (value == null ? '' : String(value).trim()))
        .refine((value) => value.length <= LIMITS.invoiceNumber, { error: 'Invoice number is too long.' }),
      issued_date: dateSchema('Issued date'),
      due_date: dateSchema('Due date'),
      currency: currencyInputSchema.transform((code): CurrencyCode => code ?? DEFAULT_CURRENCY),
      currency_symbol: text(10, 'Currency symbol'),
      currency_label: text(100, 'Currency label'),
      tax_percent: adjustmentValueSchema('Tax'),
      tax_type: adjustmentTypeSchema,
      show_tax: flag,
      discount_percent: adjustmentValueSchema('Discount'),
      discount_type: adjustmentTypeSchema,
      show_discount: flag,
      discount_before_tax: flag,
      shipping_amount: moneyValueSchema('Shipping'),
      show_shipping: flag,
      payment_details: text(LIMITS.longText, 'Payment details'),
      payment_instructions: text(LIMITS.longText, 'Payment instructions'),
      terms: text(LIMITS.longText, 'Terms'),
      logo_url: logoSchema,
      template: templateInputSchema,
      accent_color: accentColorInputSchema,
      paper: paperInputSchema,
      language: languageInputSchema,
      seller: sellerInputSchema,
      buyer: buyerInputSchema,
      iban: ibanInputSchema,
      bic: bicInputSchema,
    },
    { error: MESSAGES.body },
  )
  .superRefine((body, ctx) => {
    const tax = parseAdjustmentValue(body.tax_percent, body.tax_type, 'Tax', body.currency);
    if (!tax.ok) ctx.addIssue({ code: 'custom', path: ['tax_percent'], message: tax.message });
    const discount = parseAdjustmentValue(body.discount_percent, body.discount_type, 'Discount', body.currency);
    if (!discount.ok) ctx.addIssue({ code: 'custom', path: ['discount_percent'], message: discount.message });
    body.items.forEach((item, index) => {
      const rate = parseMoneyValue(item.unit_cost, 'Rate', body.currency);
      if (!rate.ok) ctx.addIssue({ code: 'custom', path: ['items', index, 'unit_cost'], message: rate.message });
      const vat = vatRateOf(item);
      if (!vat.ok) ctx.addIssue({ code: 'custom', path: ['items', index, 'vat_rate'], message: vat.message });
    });
    // VAT mode is all lines or none (ADR 69): a line without a category would have no VAT group.
    const named = body.items.filter((item) => (item.name ?? '').trim() !== '');
    if (named.some((item) => item.vat_category) && named.some((item) => !item.vat_category)) {
      const index = body.items.findIndex((item) => (item.name ?? '').trim() !== '' && !item.vat_category);
      ctx.addIssue({
        code: 'custom',
        path: ['items', index, 'vat_category'],
        message: EINVOICE_FIELD_MESSAGES.vatAllOrNone,
      });
    }
    const shipping = parseMoneyValue(body.shipping_amount, 'Shipping', body.currency);
    if (!shipping.ok) ctx.addIssue({ code: 'custom', path: ['shipping_amount'], message: shipping.message });
    if (!body.items.some((item) => (item.name ?? '').trim() !== '')) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: MESSAGES.items });
    }
  })
  .transform((body, ctx): InvoiceDocument => {
    const document: InvoiceDocument = {
      from: body.from.trim(),
      to: body.to.trim(),
      invoiceNumber: body.invoice_number,
      issuedDate: body.issued_date,
      dueDate: body.due_date,
      items: body.items
        .filter((item) => (item.name ?? '').trim() !== '')
        .map((item) => ({
          name: (item.name ?? '').trim(),
          description: item.description.trim(),
          quantity: item.quantity,
          ...(item.unit ? { unit: item.unit } : {}),
          unitCost: moneyValue(item.unit_cost, body.currency),
          ...(item.vat_category
            ? {
                vatCategory: item.vat_category,
                vatRate: acceptedVatRate(item),
                ...(item.vat_exemption_reason ? { vatExemptionReason: item.vat_exemption_reason } : {}),
              }
            : {}),
        })),
      tax: {
        enabled: body.show_tax,
        type: body.tax_type,
        value: adjustmentValue(body.tax_percent, body.tax_type, body.currency),
      },
      discount: {
        enabled: body.show_discount,
        type: body.discount_type,
        value: adjustmentValue(body.discount_percent, body.discount_type, body.currency),
      },
      shipping: { enabled: body.show_shipping, amount: moneyValue(body.shipping_amount, body.currency) },
      paymentDetails: body.payment_details,
      paymentInstructions: body.payment_instructions,
      terms: body.terms,
      logo: body.logo_url,
      currency: body.currency,
      template: body.template,
      accentColor: body.accent_color,
      paper: body.paper,
      language: body.language,
      ...(body.discount_before_tax ? { discountBeforeTax: true } : {}),
      ...(body.seller ? { seller: body.seller } : {}),
      ...(body.buyer ? { buyer: body.buyer } : {}),
      ...(body.iban ? { iban: body.iban } : {}),
      ...(body.bic ? { bic: body.bic } : {}),
    };
    if (!totalsFit(document)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: MESSAGES.tooLarge });
      return z.NEVER;
    }
    return document;
  });

export type InvoiceDocumentInput = z.input<typeof invoiceDocumentInputSchema>;

/**
 * A line's VAT rate as thousandths of a percent: above 0 for S, 0 (or none) for the other categories, none
 * without a category (docs/decisions/0069-vat-categories-and-discounts-before-tax.md).
 */
function vatRateOf(item: {
  vat_category?: VatCategory | undefined;
  vat_rate?: number | string | null | undefined;
}): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const given = item.vat_rate !== undefined && item.vat_rate !== null && item.vat_rate !== '';
  if (!item.vat_category) {
    return given ? { ok: false, message: EINVOICE_FIELD_MESSAGES.vatRateAlone } : { ok: true, value: undefined };
  }
  const parsed = given ? parsePercentValue(item.vat_rate!, 'VAT rate') : { ok: true as const, value: 0 };
  if (!parsed.ok) return { ok: false, message: EINVOICE_FIELD_MESSAGES.vatRate };
  if (item.vat_category === 'S' && parsed.value === 0)
    return { ok: false, message: EINVOICE_FIELD_MESSAGES.vatRateStandard };
  if (item.vat_category !== 'S' && parsed.value !== 0)
    return { ok: false, message: EINVOICE_FIELD_MESSAGES.vatRateOther };
  return { ok: true, value: parsed.value };
}

/** The values superRefine has already accepted. */
function acceptedVatRate(item: Parameters<typeof vatRateOf>[0]): number {
  const rate = vatRateOf(item);
  return rate.ok ? (rate.value ?? 0) : 0;
}

function adjustmentValue(value: number | string, type: AdjustmentType, currency: CurrencyCode): number {
  const parsed = parseAdjustmentValue(value, type, '', currency);
  return parsed.ok ? parsed.value : 0;
}

function moneyValue(value: number | string, currency: CurrencyCode): Minor {
  const parsed = parseMoneyValue(value, '', currency);
  return parsed.ok ? parsed.value : 0;
}

/** True when every amount of the invoice stays within MAX_MONEY_MINOR. */
function totalsFit(document: InvoiceDocument): boolean {
  try {
    const totals = computeTotals(document);
    return [totals.subtotal, totals.tax, totals.discount, totals.shipping, totals.total, ...totals.lines].every(
      (amount) => amount <= MAX_MONEY_MINOR,
    );
  } catch {
    return false; // beyond Number.MAX_SAFE_INTEGER
  }
}

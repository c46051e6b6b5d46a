import { z } from 'zod';
import { currencyInputSchema, textSchema } from './api/common';
import { DEFAULT_CURRENCY, type CurrencyCode } from './currencies';
import { isIsoDate } from './dates';
import { MAX_MONEY_MINOR, parseMinor, type Minor } from './money';
import { MAX_PERCENT_RATE, PERCENT_DECIMALS, parsePercentRate } from './percent';
import { MESSAGES } from './invoice-messages';
import { LOGO_DATA_URL_MAX, parseLogoUrl, type LogoRef } from './logo-url';
import { computeTotals, type Adjustment, type AdjustmentType } from './totals';
import {
  accentColorInputSchema,
  paperInputSchema,
  templateInputSchema,
  type PaperSize,
  type TemplateName,
} from './invoice-templates';

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
  quantity: 1_000_000_000,
  logoDataUrl: LOGO_DATA_URL_MAX,
} as const;

export interface InvoiceDocumentItem {
  name: string;
  description: string;
  quantity: number;
  unitCost: Minor;
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
  /** The paper; null or absent: by the currency (defaultPaper). */
  paper?: PaperSize | null;
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

/** A non-negative decimal with at most 2 decimals, as number or numeric text, as minor units ('' is 0). */
function parseMoneyValue(value: number | string, label: string): ParsedValue {
  if (value === '') return { ok: true, value: 0 };
  const minor = parseMinor(value);
  if (minor === null && /^\d+(?:\.\d{1,2})?$/.test(String(value).trim())) {
    return { ok: false, message: `${label} is too large.` }; // digits beyond a safe integer
  }
  if (minor === null) return { ok: false, message: `${label} must be a non-negative number with at most 2 decimals.` };
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

/** A non-negative decimal with at most 2 decimals, as number or numeric text, to minor units. */
export const moneySchema = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be a number.` }).transform((value, ctx) => {
    const parsed = parseMoneyValue(value, label);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.value;
  });

/**
 * tax_percent / discount_percent as sent: a number or numeric text whose meaning follows its type
 * (a percent with at most 3 decimals, or an amount with at most 2), so it is read with the type.
 */
const adjustmentValueSchema = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be a number.` }).default(0);

/** An adjustment's value by its type: a PercentRate for percent, minor units for fixed. */
function parseAdjustmentValue(value: number | string, type: AdjustmentType, label: string): ParsedValue {
  return type === 'percent' ? parsePercentValue(value, label) : parseMoneyValue(value, label);
}

const quantitySchema = z
  .union([z.number(), z.string()], { error: 'Quantity must be a whole number.' })
  .transform((value, ctx) => {
    if (value === '') return 0;
    const quantity = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(quantity) || quantity < 0) {
      ctx.addIssue({ code: 'custom', message: 'Quantity must be a whole number, 0 or more.' });
      return z.NEVER;
    }
    if (quantity > LIMITS.quantity) {
      ctx.addIssue({ code: 'custom', message: `Quantity must be at most ${LIMITS.quantity.toLocaleString('en-US')}.` });
      return z.NEVER;
    }
    return quantity;
  });

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
    unit_cost: moneySchema('Rate').default(0),
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
      shipping_amount: moneySchema('Shipping').default(0),
      show_shipping: flag,
      payment_details: text(LIMITS.longText, 'Payment details'),
      payment_instructions: text(LIMITS.longText, 'Payment instructions'),
      terms: text(LIMITS.longText, 'Terms'),
      logo_url: logoSchema,
      template: templateInputSchema,
      accent_color: accentColorInputSchema,
      paper: paperInputSchema,
    },
    { error: MESSAGES.body },
  )
  .superRefine((body, ctx) => {
    const tax = parseAdjustmentValue(body.tax_percent, body.tax_type, 'Tax');
    if (!tax.ok) ctx.addIssue({ code: 'custom', path: ['tax_percent'], message: tax.message });
    const discount = parseAdjustmentValue(body.discount_percent, body.discount_type, 'Discount');
    if (!discount.ok) ctx.addIssue({ code: 'custom', path: ['discount_percent'], message: discount.message });
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
          unitCost: item.unit_cost,
        })),
      tax: { enabled: body.show_tax, type: body.tax_type, value: adjustmentValue(body.tax_percent, body.tax_type) },
      discount: {
        enabled: body.show_discount,
        type: body.discount_type,
        value: adjustmentValue(body.discount_percent, body.discount_type),
      },
      shipping: { enabled: body.show_shipping, amount: body.shipping_amount },
      paymentDetails: body.payment_details,
      paymentInstructions: body.payment_instructions,
      terms: body.terms,
      logo: body.logo_url,
      currency: body.currency,
      template: body.template,
      accentColor: body.accent_color,
      paper: body.paper,
    };
    if (!totalsFit(document)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: MESSAGES.tooLarge });
      return z.NEVER;
    }
    return document;
  });

export type InvoiceDocumentInput = z.input<typeof invoiceDocumentInputSchema>;

/** The value superRefine has already accepted. */
function adjustmentValue(value: number | string, type: AdjustmentType): number {
  const parsed = parseAdjustmentValue(value, type, '');
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

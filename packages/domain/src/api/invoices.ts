import { z } from 'zod';
import { getCurrency, type CurrencyCode } from '../currencies';
import { invoiceDocumentInputSchema, logoRefToUrl, type InvoiceDocument } from '../invoice-document';
import { toDecimal } from '../money';
import { PAPER_SIZES, TEMPLATE_NAMES } from '../invoice-templates';
import {
  invoiceStatusSchema,
  normalizeStatus,
  statusInputSchema,
  type InvoiceStatus,
  type StatusFilter,
} from '../status';
import { percentRateToDecimal } from '../percent';
import { VAT_CATEGORIES } from '../einvoice/einvoice-model';
import { buyerSchema, sellerSchema } from './einvoice-fields';
import type { Adjustment, Totals } from '../totals';
import { businessSchema } from './businesses';
import { clientSchema } from './clients';
import {
  amountSchema,
  booleanQuerySchema,
  currencyCodeSchema,
  currencyInputSchema,
  okResponseSchema,
  optionalDateSchema,
  optionalText,
  optionalUuidSchema,
  pageQueryShape,
  paginationSchema,
  searchQuerySchema,
  timestampSchema,
  userIdField,
  uuidSchema,
} from './common';

/** Invoice list page size (docs/product/messages-and-limits.md#lists-and-pages). */
export const INVOICES_DEFAULT_PER_PAGE = 10;
export const BULK_DOWNLOAD_MAX = 100;

export const INVOICE_MESSAGES = {
  /** A save without an invoice number, a named item, From or To (docs/product/editor.md#saving-to-the-account). */
  requiredFields: 'Please fill in all required fields before saving.',
  numberRequired: 'Invoice number is required.',
  numberTaken: (invoiceNumber: string) => `Invoice number ${invoiceNumber} already exists.`,
  notFound: 'Invoice not found',
  clientNotFound: 'Client not found',
  businessNotFound: 'Business not found',
  statusFilter: 'Status filter must be one of all, draft, sent, paid or overdue.',
  sort: 'Sort must be one of created, number, client, amount, status or issued.',
  order: 'Order must be asc or desc.',
  bulkEmpty: 'Select at least one invoice to download.',
  bulkTooMany: `At most ${BULK_DOWNLOAD_MAX} invoices can be downloaded at once.`,
  bulkTooManyMatching: (count: number) =>
    `${count.toLocaleString('en-US')} invoices match; at most ${BULK_DOWNLOAD_MAX} can be downloaded at once. Narrow the search or the status filter.`,
  bulkNoneMatching: 'No invoices match this search and status filter.',
  bulkEitherOr: 'Send either invoice_ids or all_matching, not both.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different invoice. Send a new key with a new invoice.',
} as const;

/**
 * POST /api/invoices takes an optional Idempotency-Key header (ADR 12): the client's name for one
 * save, sent again unchanged when it retries that save. A key the user has used before, with the
 * same body, answers the invoice it created (201, Idempotent-Replayed: true) instead of a second
 * invoice or a 409.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: INVOICE_MESSAGES.idempotencyKeyInvalid });

const savedInvoiceObjectSchema = z
  .object({
    user_id: userIdField,
    client_id: optionalUuidSchema('Client'),
    business_id: optionalUuidSchema('Business'),
    data: invoiceDocumentInputSchema,
    issued_date: optionalDateSchema('Issued date'),
    due_date: optionalDateSchema('Due date'),
    /** Absent: draft on create, unchanged on update. */
    status: statusInputSchema.nullish().transform((value) => value ?? undefined),
    currency: currencyInputSchema,
    currency_symbol: optionalText('Currency symbol', 10),
    currency_label: optionalText('Currency label', 100),
  })
  .superRefine((body, ctx) => {
    if (body.data.invoiceNumber === '') {
      ctx.addIssue({ code: 'custom', path: ['data', 'invoice_number'], message: INVOICE_MESSAGES.numberRequired });
    }
  });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFilled = (value: unknown): boolean =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));

/** The save rule on the raw body: an invoice number, a named item, From and To (docs/product/editor.md#saving-to-the-account). */
export function hasRequiredInvoiceFields(body: unknown): boolean {
  if (!isRecord(body) || !isRecord(body.data)) return false;
  const { data } = body;
  return (
    isFilled(data.invoice_number) &&
    typeof data.from === 'string' &&
    data.from.trim() !== '' &&
    typeof data.to === 'string' &&
    data.to.trim() !== '' &&
    Array.isArray(data.items) &&
    data.items.some((item) => isRecord(item) && typeof item.name === 'string' && item.name.trim() !== '')
  );
}

/**
 * POST /api/invoices and PUT /api/invoices/{id} (docs/product/entities.md#saved-invoice-body). `data`
 * is the invoice document (validated and converted to minor units); the top-level copies of
 * dates and currency are checked for form but `data` is authoritative.
 *
 * A body without an invoice number, a named item, From or To answers only
 * 'Please fill in all required fields before saving.' (checked first, so the editor shows that
 * one sentence); any other problem answers its own message.
 */
export const savedInvoiceBodySchema = z.preprocess((input: z.input<typeof savedInvoiceObjectSchema>, ctx) => {
  if (!hasRequiredInvoiceFields(input)) {
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.requiredFields });
    return input;
  }
  // data.currency is authoritative; the top-level copy stands in only when data has none.
  const { data } = input as { data: Record<string, unknown>; currency?: unknown };
  const topCurrency = (input as { currency?: unknown }).currency;
  if (
    (data.currency === undefined || data.currency === null || data.currency === '') &&
    typeof topCurrency === 'string'
  ) {
    return { ...input, data: { ...data, currency: topCurrency } } as typeof input;
  }
  return input;
}, savedInvoiceObjectSchema);
export type SavedInvoiceBody = z.infer<typeof savedInvoiceBodySchema>;
export type SavedInvoiceBodyInput = z.input<typeof savedInvoiceObjectSchema>;

const statusFilterSchema = z
  .string({ error: INVOICE_MESSAGES.statusFilter })
  .optional()
  .transform((value, ctx): StatusFilter => {
    const text = (value ?? '').trim().toLowerCase();
    if (text === '' || text === 'all') return 'all';
    const status = normalizeStatus(text);
    if (!status) {
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.statusFilter });
      return z.NEVER;
    }
    return status;
  });

/**
 * The list's sorts (docs/decisions/0043-sorting-the-invoice-list.md): `created` is the default order
 * (newest first); the others are the columns: Invoice #, Client, Amount Due, Status, Date Issued.
 * Ties are broken by creation time, then id, in the same direction, so pages never overlap.
 */
export const INVOICE_SORTS = ['created', 'number', 'client', 'amount', 'status', 'issued'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_INVOICE_SORT: InvoiceSort = 'created';

/**
 * The order a sort takes when none is given, which is also a column header's first click: text and
 * status ascending (A to Z; what needs attention first), amounts and dates descending (largest,
 * newest first).
 */
export const DEFAULT_SORT_ORDER: Readonly<Record<InvoiceSort, SortOrder>> = {
  created: 'desc',
  number: 'asc',
  client: 'asc',
  amount: 'desc',
  status: 'asc',
  issued: 'desc',
};

/**
 * The status sort, ascending, by effective status: what needs attention first. Overdue (owed and
 * late), Sent (owed), Draft (not sent yet), Paid (done).
 */
export const STATUS_SORT_ORDER: readonly InvoiceStatus[] = ['overdue', 'sent', 'draft', 'paid'];

/** A query word of a fixed set, any case, surrounding spaces ignored; absent or blank is undefined. */
function queryWordSchema<T extends string>(values: readonly T[], message: string) {
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx): T | undefined => {
      const text = (value ?? '').trim().toLowerCase();
      if (text === '') return undefined;
      if (!(values as readonly string[]).includes(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text as T;
    });
}

/** What chooses and orders the list's invoices, paging aside: shared by the list and "all matching". */
const listFilterShape = {
  search: searchQuerySchema,
  status: statusFilterSchema,
  sort: queryWordSchema(INVOICE_SORTS, INVOICE_MESSAGES.sort),
  order: queryWordSchema(SORT_ORDERS, INVOICE_MESSAGES.order),
};

/** A sort left out is the default one; an order left out is the sort's own (DEFAULT_SORT_ORDER). */
function withSortDefaults<T extends { sort: InvoiceSort | undefined; order: SortOrder | undefined }>(
  query: T,
): Omit<T, 'sort' | 'order'> & { sort: InvoiceSort; order: SortOrder } {
  const { sort, order, ...rest } = query;
  const chosen = sort ?? DEFAULT_INVOICE_SORT;
  return { ...rest, sort: chosen, order: order ?? DEFAULT_SORT_ORDER[chosen] };
}

/**
 * GET /api/invoices?user_id&page&per_page=10&search&status&sort&order. The status filter and the
 * status sort use the effective status; `order` defaults to the sort's own (DEFAULT_SORT_ORDER).
 */
export const invoiceListQuerySchema = z
  .object({ user_id: userIdField, ...pageQueryShape(INVOICES_DEFAULT_PER_PAGE), ...listFilterShape })
  .transform(withSortDefaults);
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** GET /api/invoices/{id}?user_id&include_client=true&include_business=true */
export const invoiceDetailQuerySchema = z.object({
  user_id: userIdField,
  include_client: booleanQuerySchema,
  include_business: booleanQuerySchema,
});
export type InvoiceDetailQuery = z.infer<typeof invoiceDetailQuerySchema>;

/** PUT /api/invoices/{id}/status: any of the four, from any status (docs/product/states-and-transitions.md#status-changes). */
export const invoiceStatusBodySchema = z.object({ user_id: userIdField, status: statusInputSchema });
export type InvoiceStatusBody = z.infer<typeof invoiceStatusBodySchema>;

/** The list's search, status filter and sort, without paging: "all N invoices" of a selection. */
export const invoiceListFilterSchema = z.object(listFilterShape).transform(withSortDefaults);
export type InvoiceListFilter = z.infer<typeof invoiceListFilterSchema>;

/**
 * Bulk download of the list's selection: one ZIP, one `{number}_{date}.pdf` per invoice. Either the
 * ids chosen (1 to 100), or `all_matching`, every invoice the list's search and status filter find
 * (in the list's order; at most 100, else 400 with how many matched).
 */
export const bulkDownloadBodySchema = z
  .object({
    user_id: userIdField,
    invoice_ids: z
      .array(uuidSchema('Invoice id'), { error: INVOICE_MESSAGES.bulkEmpty })
      .min(1, { error: INVOICE_MESSAGES.bulkEmpty })
      .max(BULK_DOWNLOAD_MAX, { error: INVOICE_MESSAGES.bulkTooMany })
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
      .optional(),
    all_matching: invoiceListFilterSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.invoice_ids === undefined && body.all_matching === undefined) {
      ctx.addIssue({ code: 'custom', path: ['invoice_ids'], message: INVOICE_MESSAGES.bulkEmpty });
    } else if (body.invoice_ids !== undefined && body.all_matching !== undefined) {
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.bulkEitherOr });
    }
  });
export type BulkDownloadBody = z.infer<typeof bulkDownloadBodySchema>;

// ---------------------------------------------------------------------------------------------
// Responses

const adjustmentTypeOutSchema = z.enum(['percent', 'fixed']);

export const invoiceItemDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  showDesc: z.boolean(),
  /** 0 or more with at most 3 decimals (1.5, 2.125; docs/decisions/0060-decimal-quantities-and-units.md). */
  quantity: z.number(),
  /** What the quantity counts ('hours'); '' when none. */
  unit: z.string(),
  unit_cost: amountSchema,
  /** VAT mode only (docs/decisions/0069-vat-categories-and-discounts-before-tax.md): every item has them or none. */
  vat_category: z.enum(VAT_CATEGORIES).optional(),
  /** Percent with at most 3 decimals (19, 8.875); 0 but for S. */
  vat_rate: z.number().optional(),
  vat_exemption_reason: z.string().optional(),
});
export type InvoiceItemData = z.infer<typeof invoiceItemDataSchema>;

/** An invoice's `data` as read back (docs/product/entities.md#invoice-data): the editor's snake_case body, decimals. */
export const invoiceDataSchema = z.object({
  from: z.string(),
  to: z.string(),
  invoice_number: z.string(),
  issued_date: z.string().nullable(),
  due_date: z.string().nullable(),
  currency: currencyCodeSchema,
  currency_symbol: z.string(),
  currency_label: z.string(),
  logo_url: z.string().nullable(),
  items: z.array(invoiceItemDataSchema),
  show_tax: z.boolean(),
  /** Percent (0-100, at most 3 decimals: 8.875) when tax_type is percent, else an amount. */
  tax_percent: amountSchema,
  tax_type: adjustmentTypeOutSchema,
  show_discount: z.boolean(),
  discount_percent: amountSchema,
  discount_type: adjustmentTypeOutSchema,
  /** A percent tax is taken of the subtotal less the discount (docs/decisions/0069-vat-categories-and-discounts-before-tax.md). */
  discount_before_tax: z.boolean().optional(),
  show_shipping: z.boolean(),
  shipping_amount: amountSchema,
  payment_details: z.string(),
  payment_instructions: z.string(),
  terms: z.string(),
  /** null: the account's default template, accent colour (docs/decisions/0062-three-templates-and-the-accent-colour.md). */
  template: z.enum(TEMPLATE_NAMES).nullable(),
  accent_color: z.string().nullable(),
  /** null: by the currency (docs/decisions/0063-page-economy-and-paper-size.md). */
  paper: z.enum(PAPER_SIZES).nullable(),
  /** null: the saved client's preferred language, else English (docs/decisions/0061-the-document-language.md). */
  language: z.string().nullable(),
  /** E-invoice details (docs/decisions/0070-e-invoice-fields-and-outputs.md): present when filled in. */
  seller: sellerSchema.optional(),
  buyer: buyerSchema.optional(),
  iban: z.string().optional(),
  bic: z.string().optional(),
});
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

/** computeTotals' result as decimals, so no page recomputes it in another order. */
export const invoiceTotalsSchema = z.object({
  subtotal: amountSchema,
  tax: amountSchema,
  discount: amountSchema,
  shipping: amountSchema,
  total: amountSchema,
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export const invoiceCurrencySchema = z.object({ code: currencyCodeSchema, symbol: z.string(), label: z.string() });

/** An invoice in the list and on the detail page (docs/product/entities.md#invoice). */
export const invoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  /** Effective: a sent invoice past its due date reads overdue. */
  status: invoiceStatusSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
  issued_date: z.string().nullable(),
  due_date: z.string().nullable(),
  total_amount: amountSchema,
  /** What is still owed: 0 once paid, else the total less the payments (amountDueMinor in amount-due.ts). */
  amount_due: amountSchema,
  /** The sum of the payments recorded on it (docs/product/payments.md). */
  amount_paid: amountSchema,
  /** The same figure as amount_due, under the name the payments use: the total less what was paid. */
  balance_due: amountSchema,
  totals: invoiceTotalsSchema,
  currency: invoiceCurrencySchema,
  /** First line of To, or the linked client's name. */
  client_name: z.string(),
  client_id: z.string().nullable(),
  business_id: z.string().nullable(),
  client: clientSchema.partial({ invoice_count: true }).nullable().optional(),
  business: businessSchema.partial({ invoice_count: true }).nullable().optional(),
  /**
   * When its public link was first opened by someone other than the owner, and how many times it has been
   * (docs/product/public-links-and-activity.md#views); null and 0 until then.
   */
  viewed_at: timestampSchema.nullable(),
  view_count: z.number().int(),
  data: invoiceDataSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * An invoice as the list answers it: what the list's rows, cards, filters and actions read, without
 * the document (`data`) and its `totals`. The detail call (GET /api/invoices/{id}) carries those.
 * Leaving them out made a page of 10 about five times smaller and its statement skip every item
 * row (docs/decisions/0010-invoice-list-and-dashboard-aggregates.md).
 */
export const invoiceListItemSchema = invoiceSchema.pick({
  id: true,
  invoice_number: true,
  status: true,
  created_at: true,
  updated_at: true,
  issued_date: true,
  due_date: true,
  total_amount: true,
  amount_due: true,
  amount_paid: true,
  balance_due: true,
  currency: true,
  client_name: true,
  client_id: true,
  business_id: true,
  viewed_at: true,
  view_count: true,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceListResponseSchema = z.object({
  success: z.literal(true),
  invoices: z.array(invoiceListItemSchema),
  pagination: paginationSchema,
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceResponseSchema = z.object({ success: z.literal(true), invoice: invoiceSchema });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;

/** POST / PUT answer. The editor reads the id from invoice_id, invoiceId, invoice.id, data.id or id. */
export const savedInvoiceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string(),
  invoice_id: z.string(),
  invoice: invoiceSchema,
});
export type SavedInvoiceResponse = z.infer<typeof savedInvoiceResponseSchema>;

export const invoiceStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: invoiceSchema,
});
export type InvoiceStatusResponse = z.infer<typeof invoiceStatusResponseSchema>;

/** DELETE /api/invoices/{id} */
export const invoiceDeleteResponseSchema = okResponseSchema;

/** The server's proposal for a new invoice's number (docs/decisions/0031-invoice-numbers.md). */
export const nextInvoiceNumberResponseSchema = z.object({ success: z.literal(true), invoice_number: z.string() });
export type NextInvoiceNumberResponse = z.infer<typeof nextInvoiceNumberResponseSchema>;

/**
 * GET /api/invoices/{id}/edit: the form's state in camelCase (docs/product/entities.md#edit-data), plus the same
 * invoice as the nested snake_case `data`, so the editor may read either.
 */
export const editDataSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  from: z.string(),
  to: z.string(),
  items: z.array(invoiceItemDataSchema),
  issuedDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  paymentDetails: z.string(),
  paymentInstructions: z.string(),
  terms: z.string(),
  taxPercent: amountSchema,
  discountPercent: amountSchema,
  shippingAmount: amountSchema,
  taxType: adjustmentTypeOutSchema,
  discountType: adjustmentTypeOutSchema,
  showTax: z.boolean(),
  showDiscount: z.boolean(),
  showShipping: z.boolean(),
  logoUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  businessId: z.string().nullable(),
  currency: currencyCodeSchema,
  /** Effective, like the list's badge. */
  status: invoiceStatusSchema,
  data: invoiceDataSchema,
});
export type EditData = z.infer<typeof editDataSchema>;

export const editDataResponseSchema = z.object({ success: z.literal(true), editData: editDataSchema });
export type EditDataResponse = z.infer<typeof editDataResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Conversions from the domain document to the contract (one place, so every page agrees)

/** The invoice's `data` as the contract carries it; item ids are positions (the editor makes its own). */
export function toInvoiceData(document: InvoiceDocument): InvoiceData {
  const currency = getCurrency(document.currency);
  return {
    from: document.from,
    to: document.to,
    invoice_number: document.invoiceNumber,
    issued_date: document.issuedDate,
    due_date: document.dueDate,
    currency: currency.code,
    currency_symbol: currency.symbol,
    currency_label: currency.label,
    logo_url: document.logo ? logoRefToUrl(document.logo) : null,
    items: document.items.map((item, index) => ({
      id: String(index + 1),
      name: item.name,
      description: item.description,
      showDesc: item.description !== '',
      quantity: item.quantity,
      unit: item.unit ?? '',
      unit_cost: toDecimal(item.unitCost, currency.code),
      ...(item.vatCategory
        ? {
            vat_category: item.vatCategory,
            vat_rate: percentRateToDecimal(item.vatRate ?? 0),
            ...(item.vatExemptionReason ? { vat_exemption_reason: item.vatExemptionReason } : {}),
          }
        : {}),
    })),
    show_tax: document.tax.enabled,
    tax_percent: adjustmentToDecimal(document.tax, currency.code),
    tax_type: document.tax.type,
    show_discount: document.discount.enabled,
    discount_percent: adjustmentToDecimal(document.discount, currency.code),
    discount_type: document.discount.type,
    discount_before_tax: document.discountBeforeTax === true,
    show_shipping: document.shipping.enabled,
    shipping_amount: toDecimal(document.shipping.amount, currency.code),
    payment_details: document.paymentDetails,
    payment_instructions: document.paymentInstructions,
    terms: document.terms,
    template: document.template ?? null,
    accent_color: document.accentColor ?? null,
    paper: document.paper ?? null,
    language: document.language ?? null,
    ...(document.seller ? { seller: document.seller } : {}),
    ...(document.buyer ? { buyer: document.buyer } : {}),
    ...(document.iban ? { iban: document.iban } : {}),
    ...(document.bic ? { bic: document.bic } : {}),
  };
}

/** A percent adjustment as its decimal percent (8.875), a fixed one as its decimal amount. */
function adjustmentToDecimal(adjustment: Adjustment, currency: CurrencyCode): number {
  return adjustment.type === 'percent' ? percentRateToDecimal(adjustment.value) : toDecimal(adjustment.value, currency);
}

export function toEditData(
  document: InvoiceDocument,
  refs: { id: string; clientId: string | null; businessId: string | null; status: InvoiceStatus },
): EditData {
  const data = toInvoiceData(document);
  return {
    id: refs.id,
    invoiceNumber: data.invoice_number,
    from: data.from,
    to: data.to,
    items: data.items,
    issuedDate: data.issued_date,
    dueDate: data.due_date,
    paymentDetails: data.payment_details,
    paymentInstructions: data.payment_instructions,
    terms: data.terms,
    taxPercent: data.tax_percent,
    discountPercent: data.discount_percent,
    shippingAmount: data.shipping_amount,
    taxType: data.tax_type,
    discountType: data.discount_type,
    showTax: data.show_tax,
    showDiscount: data.show_discount,
    showShipping: data.show_shipping,
    logoUrl: data.logo_url,
    clientId: refs.clientId,
    businessId: refs.businessId,
    currency: data.currency,
    status: refs.status,
    data,
  };
}

export function toInvoiceTotals(totals: Totals, currency: CurrencyCode): InvoiceTotals {
  return {
    subtotal: toDecimal(totals.subtotal, currency),
    tax: toDecimal(totals.tax, currency),
    discount: toDecimal(totals.discount, currency),
    shipping: toDecimal(totals.shipping, currency),
    total: toDecimal(totals.total, currency),
  };
}

/** The name the lists show for an invoice: the first non-blank line of To. */
export function recipientName(to: string): string {
  return (
    to
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

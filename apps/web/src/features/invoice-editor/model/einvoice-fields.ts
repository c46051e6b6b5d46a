import { BUYER_INPUT_FIELDS, SELLER_INPUT_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { EXEMPT_CATEGORIES, type VatCategory } from '@invoicer/domain/einvoice/einvoice-model';
import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { issueMessage } from '@invoicer/domain/validation-error';
import { parsePercentRate, percentRateToDecimal } from '@invoicer/domain/percent';
import { normalizeDecimalText } from './numeric-text';

/**
 * The editor's "E-invoice details" (issue 17; docs/decisions/0070-e-invoice-fields-and-outputs.md): the contract's
 * `seller` and `buyer` objects, IBAN and BIC, and the per-line VAT, held as the inputs' text. Blank is absent: the
 * body carries only what was filled in, so an invoice without e-invoice details sends exactly what it sent before.
 */

// The document's own field names (a 400 names them as `seller.city`), so none can be missing here.
export const SELLER_FIELDS = SELLER_INPUT_FIELDS;
export const BUYER_FIELDS = BUYER_INPUT_FIELDS;

export type SellerField = (typeof SELLER_FIELDS)[number];
export type BuyerField = (typeof BUYER_FIELDS)[number];
export type SellerValues = Record<SellerField, string>;
export type BuyerValues = Record<BuyerField, string>;
export type PartyRole = 'seller' | 'buyer';

const emptyOf = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>;

export const emptySeller = (): SellerValues => emptyOf(SELLER_FIELDS);
export const emptyBuyer = (): BuyerValues => emptyOf(BUYER_FIELDS);

/** A party as the answer or the draft holds it (only filled fields, maybe not ours) as the inputs' text. */
export function partyFromData<K extends string>(keys: readonly K[], data: unknown): Record<K, string> {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return Object.fromEntries(
    keys.map((key) => [key, typeof record[key] === 'string' ? (record[key] as string) : '']),
  ) as Record<K, string>;
}

/** The filled fields, trimmed; undefined when none is (no empty object goes to the server). */
export function partyToInput<K extends string>(values: Record<K, string>): Partial<Record<K, string>> | undefined {
  const entries = Object.entries<string>(values)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value !== '');
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Partial<Record<K, string>>);
}

const filled = (values: Record<string, string>) => Object.values(values).some((value) => value.trim() !== '');

/** Whether an invoice carries any of the section's details: then the section opens by itself. */
export function hasEInvoiceDetails(values: {
  seller: SellerValues;
  buyer: BuyerValues;
  iban: string;
  bic: string;
  vatPerLine: boolean;
}): boolean {
  return (
    filled(values.seller) ||
    filled(values.buyer) ||
    values.iban.trim() !== '' ||
    values.bic.trim() !== '' ||
    values.vatPerLine
  );
}

/** UNTDID 5305 categories in plain words, in the order the select offers them. */
export const VAT_CATEGORY_LABELS: Record<VatCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Outside the scope of VAT',
};

/** The categories whose VAT is not charged: the rules want a reason for them (BR-E-10 and kin). */
export const needsExemptionReason = (category: VatCategory | '' | undefined): boolean =>
  category !== undefined && category !== '' && EXEMPT_CATEGORIES.includes(category);

/** The line's VAT as the contract carries it: the rate only for S, the reason only where the rules ask for one. */
export function lineVatInput(item: { vatCategory?: VatCategory | ''; vatRate?: string; vatExemptionReason?: string }): {
  vat_category: VatCategory | null;
  vat_rate?: number | string;
  vat_exemption_reason?: string;
} {
  const category = item.vatCategory || null;
  if (category === 'S') {
    const text = normalizeDecimalText((item.vatRate ?? '').trim());
    const rate = parsePercentRate(text);
    // A rate the schema would refuse goes as typed, so the server names it on its field.
    return { vat_category: category, vat_rate: rate === null ? text : percentRateToDecimal(rate) };
  }
  const reason = (item.vatExemptionReason ?? '').trim();
  return {
    vat_category: category,
    ...(category && needsExemptionReason(category) && reason !== '' ? { vat_exemption_reason: reason } : {}),
  };
}

/** Electronic address schemes (EAS) most invoices use, with what each identifies. */
export const COMMON_EAS_SCHEMES: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'EM', label: 'E-mail address' },
  { code: '0088', label: 'GLN (Global Location Number)' },
  { code: '0204', label: 'Leitweg-ID (German public sector)' },
  { code: '9930', label: 'German VAT number' },
  { code: '0208', label: 'Belgian enterprise number' },
  { code: '9925', label: 'Belgian VAT number' },
  { code: '0009', label: 'French SIRET' },
  { code: '9957', label: 'French VAT number' },
  { code: '0106', label: 'Dutch chamber of commerce (KvK)' },
  { code: '0190', label: 'Dutch government (OIN)' },
  { code: '0007', label: 'Swedish organisation number' },
  { code: '0192', label: 'Norwegian organisation number' },
  { code: '0184', label: 'Danish CVR number' },
  { code: '0037', label: 'Finnish business id (LY-tunnus)' },
  { code: '9914', label: 'Austrian VAT number' },
  { code: '0151', label: 'Australian business number (ABN)' },
  { code: '0060', label: 'DUNS number' },
];

/**
 * A problem's contract path as the editor places it: a party field, an item's field (by the position among the
 * items the body carried, which are the named rows), or a top-level field.
 */
export type ProblemPlace =
  | { kind: 'party'; role: PartyRole; field: string }
  | { kind: 'item'; index: number; field: string | null }
  | { kind: 'field'; field: string };

export function problemPlace(path: string): ProblemPlace {
  const [head, second, third] = path.split('.');
  if ((head === 'seller' || head === 'buyer') && second) return { kind: 'party', role: head, field: second };
  if (head === 'items' && second !== undefined && /^\d+$/.test(second)) {
    return { kind: 'item', index: Number(second), field: third ?? null };
  }
  return { kind: 'field', field: path };
}

/**
 * The fields of a body the route refused with a 400: its envelope carries messages only, so the body is read again
 * with the route's own schema to learn the paths (`iban`, `seller.country`). Empty when the schema takes the body
 * (the refusal was about something else: it stays in the banner).
 */
export function bodyProblems(body: unknown): Array<{ field: string | null; message: string }> {
  const parsed = invoiceDocumentInputSchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : null,
    message: issueMessage(issue),
  }));
}

/** The first non-blank line of a party's text: the name the PDF shows. */
export function firstLine(text: string): string {
  return (
    text
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

const LINE_VAT_FIELDS = new Set(['vat_category', 'vat_rate', 'vat_exemption_reason']);
const SECTION_FIELDS = new Set(['iban', 'bic']);
/**
 * The editor's own inputs by the contract field a problem names: the invoice number and dates, and the totals' rows
 * (a tax in a fixed amount is the Tax row's, as is its rate).
 */
const FORM_FIELDS: Readonly<Record<string, string>> = {
  invoice_number: 'invoice_number',
  issued_date: 'issued_date',
  due_date: 'due_date',
  tax_percent: 'tax',
  tax_type: 'tax',
  discount_percent: 'discount',
  discount_type: 'discount',
  discount_before_tax: 'discount_before_tax',
  shipping_amount: 'shipping',
};

/** The form fields' values as the keys their problems are placed under (`FORM_FIELDS`' targets). */
export function formFieldValues(values: {
  invoiceNumber: string;
  issuedDate: string;
  dueDate: string;
  showTax: boolean;
  taxType: string;
  taxPercent: string;
  showDiscount: boolean;
  discountType: string;
  discountPercent: string;
  showShipping: boolean;
  shippingAmount: string;
  discountBeforeTax: boolean;
}): Record<string, string> {
  return {
    invoice_number: values.invoiceNumber,
    issued_date: values.issuedDate,
    due_date: values.dueDate,
    tax: `${String(values.showTax)} ${values.taxType} ${values.taxPercent}`,
    discount: `${String(values.showDiscount)} ${values.discountType} ${values.discountPercent}`,
    shipping: `${String(values.showShipping)} ${values.shippingAmount}`,
    discount_before_tax: String(values.discountBeforeTax),
  };
}

/** The placed problems without those of form fields edited since (their value is no longer the one checked). */
export function problemsStillShown(
  problems: Readonly<Record<string, string>>,
  placedFor: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const stale = Object.keys(problems).filter((key) => key in now && now[key] !== placedFor[key]);
  if (stale.length === 0) return problems;
  return Object.fromEntries(Object.entries(problems).filter(([key]) => !stale.includes(key)));
}

export interface PlacedProblems {
  /**
   * Message by the key its field shows it under: `seller.vat_id`, `iban`, `item.{id}.vat_rate`, `item.{id}.row`, or
   * a form field's (`invoice_number`, `issued_date`, `due_date`, `tax`, `discount`, `discount_before_tax`, `shipping`).
   */
  byKey: Record<string, string>;
  /** Messages with no field in the editor (field null, or one it does not show): the banner's. */
  unplaced: string[];
  /** The key of the first placed problem, in the server's order: it gets focus. */
  first: string | null;
  /** Whether a problem sits in the "E-invoice details" section, which then opens. */
  inSection: boolean;
}

/**
 * An e-invoice check's problems (422, or a 400 naming its fields) placed on the editor's fields. Item paths count the items the body carried,
 * which are the named rows in order; a line's VAT problem sits on its VAT field when VAT per line is on, any other on
 * the line. The first message for a field wins.
 */
export function placeEInvoiceProblems(
  problems: ReadonlyArray<{ field: string | null; message: string }>,
  sent: { items: ReadonlyArray<{ id: string; name: string }>; vatPerLine: boolean },
): PlacedProblems {
  const named = sent.items.filter((item) => item.name.trim() !== '');
  const placed: PlacedProblems = { byKey: {}, unplaced: [], first: null, inSection: false };
  for (const problem of problems) {
    const key = problem.field === null ? null : keyOf(problemPlace(problem.field));
    if (key === null) {
      if (!placed.unplaced.includes(problem.message)) placed.unplaced.push(problem.message);
      continue;
    }
    if (placed.byKey[key] !== undefined) continue;
    placed.byKey[key] = problem.message;
    placed.first ??= key;
    if (key.startsWith('seller.') || key.startsWith('buyer.') || SECTION_FIELDS.has(key)) placed.inSection = true;
  }
  return placed;

  function keyOf(place: ProblemPlace): string | null {
    if (place.kind === 'party') {
      const fields: readonly string[] = place.role === 'seller' ? SELLER_FIELDS : BUYER_FIELDS;
      return fields.includes(place.field) ? `${place.role}.${place.field}` : null;
    }
    if (place.kind === 'item') {
      const item = named[place.index];
      if (!item) return null;
      const onField = sent.vatPerLine && place.field !== null && LINE_VAT_FIELDS.has(place.field);
      return `item.${item.id}.${onField ? place.field : 'row'}`;
    }
    // No line at all (BR-16): the first named row, when the body carried one.
    if (place.field === 'items') return named[0] ? `item.${named[0].id}.row` : null;
    if (SECTION_FIELDS.has(place.field)) return place.field;
    return FORM_FIELDS[place.field] ?? null;
  }
}

import { labelsFor } from './document-labels';
import { EXEMPT_CATEGORIES, type VatCategory } from './einvoice/einvoice-model';
import { mulDivRound, type Minor } from './money';
import { RATE_DIVISOR, type PercentRate } from './percent';
import { QUANTITY_SCALE, quantityThousandths } from './quantity';

export type AdjustmentType = 'percent' | 'fixed';

/**
 * Tax or discount. `value` is a PercentRate (thousandths of a percent, 0-100000: 8.875 % is 8875;
 * percent.ts) when percent, minor units when fixed.
 */
export interface Adjustment {
  enabled: boolean;
  type: AdjustmentType;
  value: number;
}

export interface TotalsItem {
  quantity: number;
  unitCost: Minor;
  /** VAT mode (docs/decisions/0069-vat-categories-and-discounts-before-tax.md): the line's UNTDID 5305 category. */
  vatCategory?: VatCategory;
  /** Thousandths of a percent; 0 for every category but S. */
  vatRate?: PercentRate;
  vatExemptionReason?: string;
}

export interface TotalsInput {
  items: ReadonlyArray<TotalsItem>;
  tax: Adjustment;
  discount: Adjustment;
  shipping: { enabled: boolean; amount: Minor };
  /**
   * Simple mode only: a percent tax is taken of the subtotal less the discount (ADR 69). VAT mode always
   * taxes the discounted amount, as VAT law and EN 16931 do.
   */
  discountBeforeTax?: boolean;
  /** The document language (a BCP 47 tag; none: English): the VAT groups' default exemption reasons are in it. */
  language?: string | null;
}

/** One VAT group: a category and rate with its taxable amount and its VAT (EN 16931 BG-23). */
export interface VatGroup {
  category: VatCategory;
  rate: PercentRate;
  /** BT-116: lines + charges − allowances of this category and rate. */
  taxable: Minor;
  /** BT-117: taxable × rate, rounded once per group, half away from zero. */
  tax: Minor;
  /** BT-120, for the categories whose VAT is not charged. */
  exemption_reason?: string;
}

/** A document-level allowance (the discount) or charge (shipping) in one VAT group. */
export interface VatAdjustment {
  amount: Minor;
  category: VatCategory;
  rate: PercentRate;
}

export interface VatBreakdown {
  groups: VatGroup[];
  /** The discount, split over the groups in proportion to their lines. */
  allowances: VatAdjustment[];
  /** Shipping, split the same way. */
  charges: VatAdjustment[];
}

export interface Totals {
  /** One per item, in item order: quantity × unit cost, rounded once to the minor unit. */
  lines: Minor[];
  subtotal: Minor;
  /** 0 when the adjustment is not shown. */
  tax: Minor;
  discount: Minor;
  shipping: Minor;
  /** max(0, subtotal + tax − discount + shipping) */
  total: Minor;
  /** VAT mode only (every line has a VAT category): tax is the sum of these groups' VAT. */
  vat?: VatBreakdown;
}

/**
 * The one totals function of the product (docs/product/money-and-totals.md#the-totals-rule), used by the editor, the PDF,
 * the stored total_amount, the lists and the dashboard:
 *   line = round(qty × unit_cost), once per line (the quantity has up to 3 decimals, read exactly as
 *   thousandths; docs/decisions/0060-decimal-quantities-and-units.md); subtotal = Σ line;
 *   tax / discount = percent ? round(subtotal × rate / 100) : amount, only when shown
 *   (the rate in thousandths of a percent, so round(subtotal × rate / 100,000));
 *   shipping only when shown; total = max(0, subtotal + tax − discount + shipping).
 * Rounding is half away from zero. Arithmetic is BigInt so no intermediate loses a cent;
 * results beyond Number.MAX_SAFE_INTEGER throw (the schemas keep inputs far below that).
 */
export function computeTotals(input: TotalsInput): Totals {
  const lines = input.items.map((item) => lineAmountBig(item.quantity, item.unitCost));
  const subtotal = lines.reduce((sum, line) => sum + line, 0n);
  const discount = adjustmentAmount(subtotal, input.discount);
  const shipping = input.shipping.enabled ? BigInt(input.shipping.amount) : 0n;
  if (isVatMode(input.items)) {
    return vatModeTotals(input.items, lines, subtotal, discount, shipping, exemptionReasonsFor(input.language));
  }
  const taxBase = input.discountBeforeTax && input.discount.enabled ? subtotal - discount : subtotal;
  const tax = adjustmentAmount(taxBase > 0n ? taxBase : 0n, input.tax);
  const raw = subtotal + tax - discount + shipping;
  const total = raw > 0n ? raw : 0n;
  return {
    lines: lines.map(toSafe),
    subtotal: toSafe(subtotal),
    tax: toSafe(tax),
    discount: toSafe(discount),
    shipping: toSafe(shipping),
    total: toSafe(total),
  };
}

/** VAT mode: every line carries a VAT category (the schema allows all or none). */
export function isVatMode(
  items: ReadonlyArray<TotalsItem>,
): items is ReadonlyArray<TotalsItem & { vatCategory: VatCategory }> {
  return items.length > 0 && items.every((item) => item.vatCategory !== undefined);
}

/**
 * VAT mode (ADR 69): the discount is a document-level allowance and shipping a charge, each split over the
 * VAT groups in proportion to the groups' line amounts, so the discount always reduces the tax base;
 * tax = Σ group VAT; the document-level tax adjustment is not used.
 */
function vatModeTotals(
  items: ReadonlyArray<TotalsItem>,
  lines: bigint[],
  subtotal: bigint,
  discount: bigint,
  shipping: bigint,
  defaultReasons: Readonly<Record<VatCategory, string>>,
): Totals {
  const vat = computeVatBreakdown(
    items.map((item, index) => ({
      net: lines[index]!,
      category: item.vatCategory ?? 'S',
      rate: item.vatRate ?? 0,
      exemptionReason: item.vatExemptionReason,
    })),
    discount,
    shipping,
    { defaultReasons },
  );
  const tax = vat.groups.reduce((sum, group) => sum + BigInt(group.tax), 0n);
  const raw = subtotal + tax - discount + shipping;
  return {
    lines: lines.map(toSafe),
    subtotal: toSafe(subtotal),
    tax: toSafe(tax),
    discount: toSafe(discount),
    shipping: toSafe(shipping),
    total: toSafe(raw > 0n ? raw : 0n),
    vat,
  };
}

/**
 * What an exempt category's breakdown says when no line gave a reason, in the document's language (the label
 * catalogue's), so the PDF and the e-invoice of one invoice print the same words (BT-120 takes any language).
 */
export function exemptionReasonsFor(language: string | null | undefined): Record<VatCategory, string> {
  const labels = labelsFor(language);
  return {
    S: '',
    Z: '',
    E: labels.vatExempt,
    AE: labels.vatReverseCharge,
    K: labels.vatIntraCommunity,
    G: labels.vatExport,
    O: labels.vatOutsideScope,
  };
}

/** The English ones: the editor's placeholder. */
export const DEFAULT_EXEMPTION_REASONS: Record<VatCategory, string> = exemptionReasonsFor(null);

export interface VatLine {
  net: bigint;
  category: VatCategory;
  rate: PercentRate;
  exemptionReason?: string;
}

/**
 * The VAT breakdown per category and rate (EN 16931 BG-23), exact in minor units: groups in the order their
 * first line appears; `allowance` and `charge` (whole-document amounts) split over the groups by their line
 * amounts, largest remainder first, so the parts add up exactly; explicit `allowances` / `charges` (already in
 * a group, as a received e-invoice has them) join their groups. Each group's VAT is rounded once, half away
 * from zero; only S charges VAT.
 */
export function computeVatBreakdown(
  lines: ReadonlyArray<VatLine>,
  allowance = 0n,
  charge = 0n,
  explicit: {
    allowances?: ReadonlyArray<VatAdjustment>;
    charges?: ReadonlyArray<VatAdjustment>;
    /** An exempt group's reason when none of its lines gave one (exemptionReasonsFor); English when absent. */
    defaultReasons?: Readonly<Record<VatCategory, string>>;
  } = {},
): VatBreakdown {
  const defaultReasons = explicit.defaultReasons ?? DEFAULT_EXEMPTION_REASONS;
  const groups = new Map<string, { category: VatCategory; rate: PercentRate; net: bigint; reason?: string }>();
  const groupOf = (category: VatCategory, rate: PercentRate) => {
    const key = `${category}:${rate}`;
    let found = groups.get(key);
    if (!found) {
      found = { category, rate, net: 0n };
      groups.set(key, found);
    }
    return found;
  };
  for (const line of lines) {
    const group = groupOf(line.category, line.rate);
    group.net += line.net;
    if (!group.reason && line.exemptionReason) group.reason = line.exemptionReason;
  }
  const entries = [...groups.values()];
  const bases = entries.map((entry) => entry.net);
  const allowances: VatAdjustment[] = splitByBase(allowance, bases).flatMap((amount, index) =>
    amount > 0n ? [{ amount: toSafe(amount), category: entries[index]!.category, rate: entries[index]!.rate }] : [],
  );
  const charges: VatAdjustment[] = splitByBase(charge, bases).flatMap((amount, index) =>
    amount > 0n ? [{ amount: toSafe(amount), category: entries[index]!.category, rate: entries[index]!.rate }] : [],
  );
  allowances.push(...(explicit.allowances ?? []));
  charges.push(...(explicit.charges ?? []));
  const taxable = new Map<string, bigint>();
  const add = (adjustment: VatAdjustment, sign: bigint) => {
    groupOf(adjustment.category, adjustment.rate);
    const key = `${adjustment.category}:${adjustment.rate}`;
    taxable.set(key, (taxable.get(key) ?? 0n) + sign * BigInt(adjustment.amount));
  };
  allowances.forEach((adjustment) => add(adjustment, -1n));
  charges.forEach((adjustment) => add(adjustment, 1n));
  const result: VatGroup[] = [...groups.entries()].map(([key, entry]) => {
    const base = entry.net + (taxable.get(key) ?? 0n);
    const tax = entry.category === 'S' ? vatOf(base, entry.rate) : 0n;
    return {
      category: entry.category,
      rate: entry.rate,
      taxable: toSafe(base),
      tax: toSafe(tax),
      exemption_reason: EXEMPT_CATEGORIES.includes(entry.category)
        ? entry.reason || defaultReasons[entry.category]
        : undefined,
    };
  });
  return { groups: result, allowances, charges };
}

/** taxable × rate / 100 %, half away from zero (also for a negative base). */
function vatOf(taxable: bigint, rate: PercentRate): bigint {
  const magnitude = mulDivRound(taxable < 0n ? -taxable : taxable, BigInt(rate), RATE_DIVISOR);
  return taxable < 0n ? -magnitude : magnitude;
}

/** `amount` split in proportion to `bases` (all ≥ 0), exactly: floors, then the largest remainders get a unit. */
function splitByBase(amount: bigint, bases: bigint[]): bigint[] {
  if (amount === 0n || bases.length === 0) return bases.map(() => 0n);
  const total = bases.reduce((sum, base) => sum + base, 0n);
  // Nothing to weigh by (every line 0): the first group takes it all.
  if (total <= 0n) return bases.map((_, index) => (index === 0 ? amount : 0n));
  const shares = bases.map((base) => (amount * base) / total);
  let left = amount - shares.reduce((sum, share) => sum + share, 0n);
  const order = bases
    .map((base, index) => ({ index, remainder: (amount * base) % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index] = shares[index]! + 1n;
    left -= 1n;
  }
  return shares;
}

/** One line's amount: round half away from zero (quantity × unit cost), exact (BigInt). */
export function lineAmount(quantity: number, unitCost: Minor): Minor {
  return toSafe(lineAmountBig(quantity, unitCost));
}

function lineAmountBig(quantity: number, unitCost: Minor): bigint {
  // A whole quantity (every invoice before ADR 60) is exact as it is; skipping its decimal text keeps a
  // 1,000-line invoice's totals as fast as before.
  if (Number.isSafeInteger(quantity) && quantity >= 0) return BigInt(quantity) * BigInt(unitCost);
  // Both are 0 or more (the schemas' rule), so half away from zero is half up.
  return mulDivRound(quantityThousandths(quantity), BigInt(unitCost), QUANTITY_SCALE);
}

function adjustmentAmount(subtotal: bigint, adjustment: Adjustment): bigint {
  if (!adjustment.enabled) return 0n;
  if (adjustment.type === 'fixed') return BigInt(adjustment.value);
  return mulDivRound(subtotal, BigInt(adjustment.value), RATE_DIVISOR);
}

function toSafe(value: bigint): Minor {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Amount too large');
  return Number(value);
}

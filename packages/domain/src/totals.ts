import { mulDivRound, type Minor } from './money';
import { RATE_DIVISOR } from './percent';
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

export interface TotalsInput {
  items: ReadonlyArray<{ quantity: number; unitCost: Minor }>;
  tax: Adjustment;
  discount: Adjustment;
  shipping: { enabled: boolean; amount: Minor };
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
  const tax = adjustmentAmount(subtotal, input.tax);
  const discount = adjustmentAmount(subtotal, input.discount);
  const shipping = input.shipping.enabled ? BigInt(input.shipping.amount) : 0n;
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

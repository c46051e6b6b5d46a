import { currencyDecimals, type CurrencyCode } from '@invoicer/domain/currencies';
import { parseMoneyValue } from '@invoicer/domain/invoice-document';
import { MAX_MONEY_MINOR, minorToFixed, parseMinor, type Minor } from '@invoicer/domain/money';
import { MAX_PERCENT_RATE, PERCENT_DECIMALS, parsePercentRate, type PercentRate } from '@invoicer/domain/percent';
import { parseQuantity } from '@invoicer/domain/quantity';
import type { AdjustmentType } from '@invoicer/domain/totals';

/**
 * Quantity accepts empty or a number with at most 3 decimals, 10 whole digits (1,000,000,000 is the
 * largest quantity; ADR 60). A typed comma becomes the point (quantityInputText), so what the box shows
 * is what is billed: '1,5' never silently reads as 15 or 1,500.
 */
const QUANTITY_TEXT = /^\d{0,10}(?:\.\d{0,3})?$/;
/**
 * Unit cost accepts only empty or a number with an optional decimal point and 2 decimals
 * (docs/product/editor.md#items), whatever the currency: a fraction in JPY stays typed and is
 * named inline (moneyTextError) rather than refused or rounded (ADR 59).
 */
const UNIT_COST_TEXT = /^\d*\.?\d{0,2}$/;
const DECIMAL_TEXT = /^(\d*)(?:\.(\d*))?$/;

/** 10 whole digits reach the server's quantity limit (1,000,000,000), then a point and 3 decimals. */
export const QUANTITY_MAX_LENGTH = 14;
/** Digits of the largest count of minor units the product holds (99,999,999,999,999). */
const MONEY_MAX_DIGITS = String(MAX_MONEY_MINOR).length;
/** The most decimals a typed amount keeps (any listed currency's); a percentage 3 (8.875 %, ADR 44). */
const MONEY_DECIMALS = 2;

/** Whole-number digits of the largest amount in the currency: 12 for EUR (999,999,999,999.99), 14 for JPY. */
const moneyMaxWholeDigits = (currency: CurrencyCode) => MONEY_MAX_DIGITS - currencyDecimals(currency);

/** '05' → '5' and '007.5' → '7.5' (a field that showed 0 and was typed into); '0.5' stays. */
export function stripLeadingZeros(text: string): string {
  return text.replace(/^0+(?=\d)/, '');
}

/** Whether a quantity box may hold this text (a restored draft's, for one). */
export function acceptQuantityText(text: string): boolean {
  return QUANTITY_TEXT.test(text);
}

/** What a quantity box keeps of a keystroke: the text with a decimal comma as a point, or null to refuse it. */
export function quantityInputText(text: string): string | null {
  const pointed = text.replace(',', '.');
  return QUANTITY_TEXT.test(pointed) ? stripLeadingZeros(pointed) : null;
}

/** The inline message for a quantity box the server would refuse (over 1,000,000,000); null when it is fine. */
export function quantityTextError(text: string): string | null {
  const complete = completeDecimalText(text);
  if (complete === null) return null;
  const parsed = parseQuantity(complete);
  return parsed.ok ? null : parsed.message;
}

/** Whether a rate input may take this text; otherwise the keystroke is refused. */
export function acceptUnitCostText(text: string, currency: CurrencyCode): boolean {
  return UNIT_COST_TEXT.test(text) && text.split('.')[0]!.length <= moneyMaxWholeDigits(currency);
}

/** '7.' → '7', '.5' → '0.5', '' and '.' → '0': what a half-typed number means; null when it is not digits and a point. */
function completeDecimalText(text: string): string | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[1] || '0';
  return match[2] ? `${whole}.${match[2]}` : whole;
}

/**
 * Decimal text to minor units of the currency. Empty, '.' and anything invalid (a third decimal, or
 * any fraction in JPY) count as 0 (docs/product/editor.md#items); moneyTextError names the fraction.
 */
export function decimalTextToMinor(text: string, currency: CurrencyCode): Minor {
  const complete = completeDecimalText(text);
  return complete === null ? 0 : (parseMinor(complete, currency) ?? 0);
}

/**
 * The inline message for an amount box, from the shared schema's reading (parseMoneyValue), so the editor
 * says what the server would: "Rate must be a whole number in JPY." Null when the amount is fine.
 */
export function moneyTextError(text: string, label: string, currency: CurrencyCode): string | null {
  const complete = completeDecimalText(text);
  if (complete === null) return null;
  const parsed = parseMoneyValue(complete, label, currency);
  return parsed.ok ? null : parsed.message;
}

/** Percent text to a PercentRate (thousandths of a percent: '8.875' → 8875). Empty, '.' and anything invalid count as 0. */
export function percentTextToRate(text: string): PercentRate {
  const complete = completeDecimalText(text);
  return complete === null ? 0 : (parsePercentRate(complete) ?? 0);
}

/** A tax or discount box's text as the totals take it: a PercentRate for percent, minor units for fixed. */
export function adjustmentTextToValue(text: string, kind: AdjustmentType, currency: CurrencyCode): number {
  return kind === 'percent' ? percentTextToRate(text) : decimalTextToMinor(text, currency);
}

/** Quantity text ('1.5', '2.', '.5') to the quantity; anything invalid counts as 0, as an empty box does. */
export function quantityTextToNumber(text: string): number {
  const complete = completeDecimalText(text);
  if (complete === null) return 0;
  const parsed = parseQuantity(complete);
  return parsed.ok ? parsed.value : 0;
}

/**
 * What a tax, discount or shipping input keeps of what was typed (docs/product/editor.md#totals): never
 * negative, a percent at most 100 with at most 3 decimals, an amount at most 2 (one more is
 * refused: `previous` is kept), non-numeric becomes 0. Empty stays empty while typing and
 * becomes 0 on blur.
 */
export function sanitizeAdjustmentText(
  raw: string,
  kind: AdjustmentType,
  previous: string,
  currency: CurrencyCode,
): string {
  let text = raw.trim();
  if (text === '') return '';
  if (!DECIMAL_TEXT.test(text)) {
    // Exponents ('1e3') and signs that a number input lets through.
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) return '0';
    text = DECIMAL_TEXT.test(String(value)) ? String(value) : minorToFixed(MAX_MONEY_MINOR, currency);
  }
  text = stripLeadingZeros(text);
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > (kind === 'percent' ? PERCENT_DECIMALS : MONEY_DECIMALS)) return previous;
  if (kind === 'percent') return whole.length > 3 || percentTextToRate(text) > MAX_PERCENT_RATE ? '100' : text;
  const minor = decimalTextToMinor(text, currency);
  if (whole.length > moneyMaxWholeDigits(currency) || minor > MAX_MONEY_MINOR) {
    return minorToFixed(MAX_MONEY_MINOR, currency);
  }
  return text;
}

/** On leaving a number field: '' and '.' become '0', '5.' becomes '5', '.5' becomes '0.5'. */
export function normalizeDecimalText(text: string): string {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return '0';
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  return fraction ? `${whole}.${fraction}` : whole;
}

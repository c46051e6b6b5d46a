import { parseScaledDecimal } from './money';

/**
 * Percentage rates (a percent tax or discount) are integer **thousandths of a percent** everywhere in
 * code and in the database: 8.875 % (New York City's sales tax) is 8875, 100 % is 100000. The HTTP
 * contract carries them as decimal percents with at most 3 decimals (8.875); these helpers are the only
 * place where one becomes the other (docs/decisions/0044-percent-rates-in-thousandths.md).
 */
export type PercentRate = number;

/** Decimals a percentage may have: 8.875 %. */
export const PERCENT_DECIMALS = 3;
/** Units of PercentRate in one percent. */
export const RATE_UNITS_PER_PERCENT = 10 ** PERCENT_DECIMALS;
/** 100 %, the largest rate. */
export const MAX_PERCENT_RATE = 100 * RATE_UNITS_PER_PERCENT;
/** amount = subtotal × rate / RATE_DIVISOR: a rate is a fraction of 100,000. */
export const RATE_DIVISOR = BigInt(100 * RATE_UNITS_PER_PERCENT);

/**
 * A non-negative decimal percent with at most 3 decimals (number or numeric text) as a rate, exactly
 * (no float arithmetic): 8.875 → 8875, '8.25' → 8250. Null when it is not one. The range (0-100) is
 * the caller's check, so that it can say which limit was passed.
 */
export function parsePercentRate(value: number | string): PercentRate | null {
  return parseScaledDecimal(value, PERCENT_DECIMALS);
}

/** A rate as the contract's decimal percent: 8875 → 8.875 (exact: the nearest double to a 3-decimal number prints as it). */
export function percentRateToDecimal(rate: PercentRate): number {
  return rate / RATE_UNITS_PER_PERCENT;
}

/**
 * A decimal percent of an answer as a rate, for showing it. Exact for every percent the contract
 * carries (at most 3 decimals, as percentRateToDecimal writes them); anything else (a float
 * from elsewhere) is rounded to the nearest thousandth, never below 0.
 */
export function percentDecimalToRate(percent: number): PercentRate {
  const exact = parsePercentRate(percent);
  if (exact !== null) return exact;
  const rounded = Math.round(percent * RATE_UNITS_PER_PERCENT);
  return Number.isSafeInteger(rounded) && rounded > 0 ? rounded : 0;
}

/** "8.875", "8.25", "8", "0.005": at most 3 decimals, trailing zeros dropped, no grouping. */
export function formatPercentRate(rate: PercentRate): string {
  const whole = Math.floor(rate / RATE_UNITS_PER_PERCENT);
  const fraction = String(rate % RATE_UNITS_PER_PERCENT)
    .padStart(PERCENT_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/**
 * A rate as a document in `language` prints it: "19.5%" in US English (formatPercentRate and a sign, as before),
 * "19,5 %" in de and fr (Intl's percent of that locale, from exact decimal text).
 */
export function formatPercentForReader(rate: PercentRate, language?: string | null): string {
  if (language == null || language === 'en' || language === 'en-US') return `${formatPercentRate(rate)}%`;
  const fraction = `${Math.floor(rate / MAX_PERCENT_RATE)}.${String(rate % MAX_PERCENT_RATE).padStart(5, '0')}`;
  const format = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: PERCENT_DECIMALS });
  // Decimal text reaches Intl exactly (Intl.NumberFormat v3); the types only name number and bigint.
  return format.format(fraction as unknown as number).replace(/[\u200e\u200f\u061c]/g, '');
}

/**
 * Money is an integer count of hundredths ("minor units") everywhere in code and in the
 * database. The HTTP contract carries decimal numbers with at most 2 decimals; these
 * helpers are the only place where one becomes the other. Floats never hold money.
 */
export type Minor = number;

/** Largest amount any single money value may reach: 999,999,999,999.99. Keeps every sum far inside Number.MAX_SAFE_INTEGER. */
export const MAX_MONEY_MINOR = 99_999_999_999_999;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative decimal with at most `decimals` decimals as an integer count of 10^-decimals, exactly
 * (no float arithmetic): 12.5 with 2 is 1250. Null when it is not one, or past a safe integer. The one
 * decimal parser: money (`parseMinor`) and percentage rates (`parsePercentRate`, percent.ts) use it.
 */
export function parseScaledDecimal(value: number | string, decimals: number): number | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] ?? '').length > decimals) return null;
  const whole = match[1]!;
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  const scaled = Number(whole) * 10 ** decimals + (decimals > 0 ? Number(fraction) : 0);
  return Number.isSafeInteger(scaled) ? scaled : null;
}

/** Parses a non-negative decimal with at most 2 decimals, exactly (no float arithmetic). Returns null when it is not one. */
export function parseMinor(value: number | string): Minor | null {
  return parseScaledDecimal(value, 2);
}

/** Decimal places a number would show when written plainly (no exponent), or null for NaN, ±Infinity and negatives. */
function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // Shortest round-trip form, e.g. 0.1 → "0.1", 1e21 → "1e+21" (rejected by the pattern).
  return String(value);
}

const LONG_DECIMAL = /^(\d+)\.(\d{2})(\d)\d*$/;

/**
 * An amount of an answer (a decimal number, sign allowed) as minor units, for showing it. Exact
 * for every amount the contract carries (at most 2 decimals, as toDecimal writes them). A number
 * with more decimals is rounded half away from zero at the cent from its shortest decimal text
 * (what the number says, never a float multiplied by 100); one too small to print plainly
 * (1e-7) is 0. Throws a RangeError for NaN, ±Infinity and amounts past the safe range, which no
 * answer can hold.
 */
export function amountToMinor(amount: number): Minor {
  if (amount < 0) return -amountToMinor(-amount);
  const exact = parseMinor(amount);
  if (exact !== null) return exact;
  const text = String(amount);
  if (/^\d(?:\.\d+)?e-\d+$/.test(text)) return 0;
  const match = LONG_DECIMAL.exec(text);
  const minor = match ? Number(match[1]) * 100 + Number(match[2]) + (match[3]! >= '5' ? 1 : 0) : NaN;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount: ${text}`);
  return minor;
}

/** Minor units back to the contract's decimal number (exact for every safe integer of hundredths). */
export function toDecimal(minor: Minor): number {
  return minor / 100;
}

/** "1234.5" style fixed 2-decimal text without grouping, computed from integers only. */
export function minorToFixed(minor: Minor): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${whole}.${cents.toString().padStart(2, '0')}`;
}

/** "1,234.50": 2 decimals with thousands separators, as every amount in the product is shown. */
export function formatAmount(minor: Minor): string {
  const [whole, cents] = minorToFixed(minor).split('.') as [string, string];
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** "€1,234.50": the currency symbol before a 2-decimal amount. */
export function formatMoney(minor: Minor, symbol: string): string {
  return minor < 0 ? `-${symbol}${formatAmount(-minor)}` : `${symbol}${formatAmount(minor)}`;
}

/** n × d / q rounded half away from zero, in exact integer arithmetic, for non-negative operands. */
export function mulDivRound(n: bigint, d: bigint, q: bigint): bigint {
  return (2n * n * d + q) / (2n * q);
}

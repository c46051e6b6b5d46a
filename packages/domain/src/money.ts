import { currencyDecimals, getCurrency, listCurrencies, type CurrencyCode } from './currencies';

/**
 * Money is an integer count of the currency's minor units everywhere in code and in the database:
 * hundredths for EUR, whole yen for JPY (ISO 4217's exponent, currencies.ts; ADR 59). The HTTP
 * contract carries decimal numbers with at most that many decimals; these helpers are the only
 * place where one becomes the other, and every one of them takes the currency. Floats never hold money.
 */
export type Minor = number;

/**
 * Largest count of minor units any single money value may reach: 999,999,999,999.99 € or ¥99,999,999,999,999.
 * Keeps every sum far inside Number.MAX_SAFE_INTEGER.
 */
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

/**
 * Parses a non-negative decimal with at most the currency's decimals (2 for EUR, 0 for JPY) as minor
 * units, exactly (no float arithmetic). Returns null when it is not one.
 */
export function parseMinor(value: number | string, currency: CurrencyCode): Minor | null {
  return parseScaledDecimal(value, currencyDecimals(currency));
}

/** Decimal places a number would show when written plainly (no exponent), or null for NaN, ±Infinity and negatives. */
function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // Shortest round-trip form, e.g. 0.1 → "0.1", 1e21 → "1e+21" (rejected by the pattern).
  return String(value);
}

/**
 * An amount of an answer (a decimal number, sign allowed) as minor units of its currency, for showing
 * it. Exact for every amount the contract carries (at most the currency's decimals, as toDecimal writes
 * them). A number with more decimals is rounded half away from zero at the minor unit from its shortest
 * decimal text (what the number says, never a float multiplied by 100); one too small to print plainly
 * (1e-7) is 0. Throws a RangeError for NaN, ±Infinity and amounts past the safe range, which no answer
 * can hold.
 */
export function amountToMinor(amount: number, currency: CurrencyCode): Minor {
  if (amount < 0) return -amountToMinor(-amount, currency);
  const exact = parseMinor(amount, currency);
  if (exact !== null) return exact;
  const decimals = currencyDecimals(currency);
  const text = String(amount);
  if (/^\d(?:\.\d+)?e-\d+$/.test(text)) return 0;
  const match = new RegExp(`^(\\d+)\\.(\\d{${decimals}})(\\d)\\d*$`).exec(text);
  const minor = match
    ? Number(match[1]) * 10 ** decimals + (decimals > 0 ? Number(match[2]) : 0) + (match[3]! >= '5' ? 1 : 0)
    : NaN;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount: ${text}`);
  return minor;
}

/** Minor units back to the contract's decimal number (exact for every safe integer of minor units). */
export function toDecimal(minor: Minor, currency: CurrencyCode): number {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? minor : minor / 10 ** decimals;
}

/** "1234.50" (EUR) or "1234" (JPY): the currency's decimals, no grouping, computed from integers only. */
export function minorToFixed(minor: Minor, currency: CurrencyCode): string {
  return scaledToFixed(minor, currencyDecimals(currency));
}

function scaledToFixed(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (decimals === 0) return `${sign}${abs}`;
  const unit = 10 ** decimals;
  const whole = Math.floor(abs / unit);
  const fraction = abs % unit;
  return `${sign}${whole}.${fraction.toString().padStart(decimals, '0')}`;
}

/** "1,234.50" (EUR) or "1,234" (JPY): the currency's decimals with thousands separators. */
export function formatAmount(minor: Minor, currency: CurrencyCode): string {
  return formatDigits(minor, currencyDecimals(currency));
}

/** A count of 10^-decimals with thousands separators: formatAmount's work, for a currency the product does not list. */
export function formatDigits(minor: Minor, decimals: number): string {
  const [whole, fraction] = scaledToFixed(minor, decimals).split('.') as [string, string | undefined];
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "€1,234.50", "¥1,235": the currency's symbol before the amount in its decimals. */
export function formatMoney(minor: Minor, currency: CurrencyCode): string {
  const { symbol } = getCurrency(currency);
  return minor < 0 ? `-${symbol}${formatAmount(-minor, currency)}` : `${symbol}${formatAmount(minor, currency)}`;
}

/** n × d / q rounded half away from zero, in exact integer arithmetic, for non-negative operands. */
export function mulDivRound(n: bigint, d: bigint, q: bigint): bigint {
  return (2n * n * d + q) / (2n * q);
}

/** An amount of an answer (a decimal number in the currency) as the product shows it: "€1,234.50", "¥1,235". */
export function formatDecimalMoney(amount: number, currency: CurrencyCode): string {
  return formatMoney(amountToMinor(amount, currency), currency);
}

/** U+2212, the minus sign a reader cannot take for a hyphen or a dash. */
export const MINUS_SIGN = '\u2212';

/**
 * Whether the currency's symbol alone could be read as another currency, so that a document must also print its
 * ISO code: ¥ is JPY and CNY, kr is SEK, NOK and DKK, and a bare $ is the US dollar here but the sign of six listed
 * currencies (C$, A$, S$, HK$, Mex$, R$). The rule: another listed currency's symbol is the same or ends with it.
 * Prefixed signs (C$, R$, HK$) and unique ones (€, £, ₹, CHF) say enough alone.
 */
export function symbolIsShared(currency: CurrencyCode): boolean {
  const { symbol } = getCurrency(currency);
  return listCurrencies().some((other) => other.code !== currency && other.symbol.endsWith(symbol));
}

/**
 * An amount as a document shows it to its reader (the PDF, the preview, the public page, the lists): the symbol,
 * the currency's decimals, the ISO code after it where the symbol is shared, and a true minus sign:
 * "€1,172.49", "¥1,234 JPY", "−$5.00 USD". With a document language (docs/decisions/0061-the-document-language.md)
 * the digits, separators and the symbol's place and spacing follow that locale through Intl ("14.509,17 €" in de,
 * "CHF 14’509.17" in de-CH, "1 234,56 €" in fr), still with the product's symbol, the ISO code where the symbol is
 * shared ("1.234,56 $ USD") and U+2212. US English (no language, `en`, `en-US`) is the form above, unchanged.
 * Exact: the amount reaches Intl as decimal text, never as a float.
 */
export function formatMoneyForReader(minor: Minor, currency: CurrencyCode, language?: string | null): string {
  const { symbol } = getCurrency(currency);
  const amount =
    language == null || language === 'en' || language === 'en-US'
      ? `${minor < 0 ? MINUS_SIGN : ''}${symbol}${formatAmount(Math.abs(minor), currency)}`
      : formatLocaleMoney(minor, currency, symbol, language);
  return symbolIsShared(currency) ? `${amount} ${currency}` : amount;
}

// Intl marks the direction of an Arabic amount with these; the PDF's bidi algorithm orders the text itself.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

// Building an Intl.NumberFormat costs far more than using one: one per language and currency, kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(language: string, currency: CurrencyCode): Intl.NumberFormat {
  const key = `${language} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const decimals = currencyDecimals(currency);
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

function formatLocaleMoney(minor: Minor, currency: CurrencyCode, symbol: string, language: string): string {
  const format = moneyFormat(language, currency);
  // formatToParts takes decimal text exactly (Intl.NumberFormat v3); the types only name number and bigint.
  const parts = format.formatToParts(minorToFixed(minor, currency) as unknown as number);
  return parts
    .map((part) => (part.type === 'currency' ? symbol : part.type === 'minusSign' ? MINUS_SIGN : part.value))
    .join('')
    .replace(BIDI_MARKS, '');
}

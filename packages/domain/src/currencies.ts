/**
 * The 20 currencies the product supports (docs/product/money-and-totals.md#currencies), each with its minor-unit
 * exponent from ISO 4217 (`decimals`): 2 for most, 0 for JPY and KRW, which have no minor unit. Amounts are integer
 * minor units of their currency, so 1 unit of JPY is 1 yen (docs/decisions/0059-currency-decimals-from-iso-4217.md).
 */
export const CURRENCIES = [
  { code: 'USD', symbol: '$', name: 'US Dollar', decimals: 2 },
  { code: 'EUR', symbol: '€', name: 'Euro', decimals: 2 },
  { code: 'GBP', symbol: '£', name: 'British Pound', decimals: 2 },
  { code: 'NGN', symbol: '₦', name: 'Nigerian Naira', decimals: 2 },
  { code: 'CAD', symbol: 'C$', name: 'Canadian Dollar', decimals: 2 },
  { code: 'AUD', symbol: 'A$', name: 'Australian Dollar', decimals: 2 },
  { code: 'JPY', symbol: '¥', name: 'Japanese Yen', decimals: 0 },
  { code: 'CNY', symbol: '¥', name: 'Chinese Yuan', decimals: 2 },
  { code: 'INR', symbol: '₹', name: 'Indian Rupee', decimals: 2 },
  { code: 'ZAR', symbol: 'R', name: 'South African Rand', decimals: 2 },
  { code: 'BRL', symbol: 'R$', name: 'Brazilian Real', decimals: 2 },
  { code: 'MXN', symbol: 'Mex$', name: 'Mexican Peso', decimals: 2 },
  { code: 'CHF', symbol: 'CHF', name: 'Swiss Franc', decimals: 2 },
  { code: 'SEK', symbol: 'kr', name: 'Swedish Krona', decimals: 2 },
  { code: 'NOK', symbol: 'kr', name: 'Norwegian Krone', decimals: 2 },
  { code: 'DKK', symbol: 'kr', name: 'Danish Krone', decimals: 2 },
  { code: 'RUB', symbol: '₽', name: 'Russian Ruble', decimals: 2 },
  { code: 'KRW', symbol: '₩', name: 'South Korean Won', decimals: 0 },
  { code: 'SGD', symbol: 'S$', name: 'Singapore Dollar', decimals: 2 },
  { code: 'HKD', symbol: 'HK$', name: 'Hong Kong Dollar', decimals: 2 },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export interface Currency {
  code: CurrencyCode;
  symbol: string;
  /** As the editor shows it, e.g. 'Euro (€)'. */
  label: string;
  /** Decimal places of the currency's minor unit (ISO 4217): 2, or 0 for JPY and KRW. */
  decimals: CurrencyDecimals;
}

/** The exponents the listed currencies have (ISO 4217 also has 3, for none of them). */
export type CurrencyDecimals = (typeof CURRENCIES)[number]['decimals'];

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];

/** Editor default for guests and new users (docs/decisions/0032-editor-inputs-and-default-currency.md). */
export const DEFAULT_CURRENCY: CurrencyCode = 'EUR';

const byCode = new Map<string, Currency>(
  CURRENCIES.map((c) => [
    c.code,
    { code: c.code, symbol: c.symbol, label: `${c.name} (${c.symbol})`, decimals: c.decimals },
  ]),
);

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && byCode.has(value);
}

export function getCurrency(code: CurrencyCode): Currency {
  const currency = byCode.get(code);
  if (!currency) throw new RangeError(`Unknown currency ${code}`);
  return currency;
}

export function listCurrencies(): Currency[] {
  return [...byCode.values()];
}

/** The currency's minor-unit exponent (ISO 4217): 2 for EUR (1 € = 100 minor units), 0 for JPY (1 minor unit = 1 yen). */
export function currencyDecimals(code: CurrencyCode): CurrencyDecimals {
  return getCurrency(code).decimals;
}

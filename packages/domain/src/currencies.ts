/** The 20 currencies the product supports, each with 2 decimals (docs/product/money-and-totals.md#currencies). */
export const CURRENCIES = [
  { code: 'USD', symbol: '$', name: 'US Dollar' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'GBP', symbol: '£', name: 'British Pound' },
  { code: 'NGN', symbol: '₦', name: 'Nigerian Naira' },
  { code: 'CAD', symbol: 'C$', name: 'Canadian Dollar' },
  { code: 'AUD', symbol: 'A$', name: 'Australian Dollar' },
  { code: 'JPY', symbol: '¥', name: 'Japanese Yen' },
  { code: 'CNY', symbol: '¥', name: 'Chinese Yuan' },
  { code: 'INR', symbol: '₹', name: 'Indian Rupee' },
  { code: 'ZAR', symbol: 'R', name: 'South African Rand' },
  { code: 'BRL', symbol: 'R$', name: 'Brazilian Real' },
  { code: 'MXN', symbol: 'Mex$', name: 'Mexican Peso' },
  { code: 'CHF', symbol: 'CHF', name: 'Swiss Franc' },
  { code: 'SEK', symbol: 'kr', name: 'Swedish Krona' },
  { code: 'NOK', symbol: 'kr', name: 'Norwegian Krone' },
  { code: 'DKK', symbol: 'kr', name: 'Danish Krone' },
  { code: 'RUB', symbol: '₽', name: 'Russian Ruble' },
  { code: 'KRW', symbol: '₩', name: 'South Korean Won' },
  { code: 'SGD', symbol: 'S$', name: 'Singapore Dollar' },
  { code: 'HKD', symbol: 'HK$', name: 'Hong Kong Dollar' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export interface Currency {
  code: CurrencyCode;
  symbol: string;
  /** As the editor shows it, e.g. 'Euro (€)'. */
  label: string;
}

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];

/** Editor default for guests and new users (docs/decisions/0032-editor-inputs-and-default-currency.md). */
export const DEFAULT_CURRENCY: CurrencyCode = 'EUR';

const byCode = new Map<string, Currency>(
  CURRENCIES.map((c) => [c.code, { code: c.code, symbol: c.symbol, label: `${c.name} (${c.symbol})` }]),
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

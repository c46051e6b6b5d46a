import { isCurrencyCode, type CurrencyCode } from '@invoicer/domain/currencies';

/**
 * The dashboard's currency choice lives in this browser under this key
 * (docs/product/messages-and-limits.md#browser-storage).
 */
export const DASHBOARD_CURRENCY_KEY = 'dashboard_currency_preference';

export function readCurrencyPreference(): CurrencyCode | null {
  try {
    const stored = localStorage.getItem(DASHBOARD_CURRENCY_KEY);
    return isCurrencyCode(stored) ? stored : null;
  } catch {
    return null; // storage blocked: no preference
  }
}

export function writeCurrencyPreference(currency: CurrencyCode): void {
  try {
    localStorage.setItem(DASHBOARD_CURRENCY_KEY, currency);
  } catch {
    // Storage blocked: the choice lasts for this visit.
  }
}

/**
 * Which currency a request asked for and why. The first answer tells which currencies the user's
 * invoices use; a stored preference or the user's default that is not among them steps down
 * (preference → user's default → the server's choice). A currency the user picked never does.
 */
export type CurrencySource = 'preference' | 'default' | 'server' | 'chosen';
export interface CurrencyRequest {
  currency: CurrencyCode | undefined;
  source: CurrencySource;
}

export function initialCurrencyRequest(userDefault: CurrencyCode | undefined): CurrencyRequest {
  const preference = readCurrencyPreference();
  if (preference) return { currency: preference, source: 'preference' };
  if (userDefault) return { currency: userDefault, source: 'default' };
  return { currency: undefined, source: 'server' };
}

/** The next request when the answer's currency list rules out what was asked, else null. */
export function fallbackCurrencyRequest(
  request: CurrencyRequest,
  available: readonly CurrencyCode[],
  userDefault: CurrencyCode | undefined,
): CurrencyRequest | null {
  if (request.source === 'chosen' || request.source === 'server') return null;
  if (available.length === 0 || (request.currency && available.includes(request.currency))) return null;
  if (request.source === 'preference' && userDefault && available.includes(userDefault)) {
    return { currency: userDefault, source: 'default' };
  }
  return { currency: undefined, source: 'server' };
}

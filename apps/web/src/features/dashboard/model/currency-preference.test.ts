// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DASHBOARD_CURRENCY_KEY,
  fallbackCurrencyRequest,
  initialCurrencyRequest,
  readCurrencyPreference,
  writeCurrencyPreference,
} from './currency-preference';

beforeEach(() => localStorage.clear());

describe("the dashboard's currency", () => {
  it('asks for the stored preference, else the user default, else lets the server choose', () => {
    expect(initialCurrencyRequest(undefined)).toEqual({ currency: undefined, source: 'server' });
    expect(initialCurrencyRequest('USD')).toEqual({ currency: 'USD', source: 'default' });
    writeCurrencyPreference('JPY');
    expect(localStorage.getItem(DASHBOARD_CURRENCY_KEY)).toBe('JPY');
    expect(initialCurrencyRequest('USD')).toEqual({ currency: 'JPY', source: 'preference' });
    localStorage.setItem(DASHBOARD_CURRENCY_KEY, 'not a currency');
    expect(readCurrencyPreference()).toBeNull();
  });

  it("steps down from what the user's invoices do not use, never from a currency the user picked", () => {
    const preference = { currency: 'JPY', source: 'preference' } as const;
    expect(fallbackCurrencyRequest(preference, ['EUR', 'USD'], 'USD')).toEqual({ currency: 'USD', source: 'default' });
    expect(fallbackCurrencyRequest(preference, ['EUR'], 'USD')).toEqual({ currency: undefined, source: 'server' });
    expect(fallbackCurrencyRequest(preference, ['JPY', 'EUR'], 'USD')).toBeNull();
    expect(fallbackCurrencyRequest(preference, [], 'USD')).toBeNull();
    expect(fallbackCurrencyRequest({ currency: 'GBP', source: 'default' }, ['EUR'], 'GBP')).toEqual({
      currency: undefined,
      source: 'server',
    });
    expect(fallbackCurrencyRequest({ currency: 'GBP', source: 'chosen' }, ['EUR'], undefined)).toBeNull();
    expect(fallbackCurrencyRequest({ currency: undefined, source: 'server' }, ['EUR'], undefined)).toBeNull();
  });
});

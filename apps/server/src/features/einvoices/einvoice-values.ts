import { minorToFixed, type Minor } from '@invoicer/domain/money';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { RATE_UNITS_PER_PERCENT, type PercentRate } from '@invoicer/domain/percent';

/** How the writers spell values: amounts in the currency's decimals, rates as plain decimals, dates. */

export const amount = (minor: Minor, currency: CurrencyCode) => minorToFixed(minor, currency);

/** 19000 → "19", 8875 → "8.875", 5500 → "5.5". */
export function rate(value: PercentRate): string {
  const whole = Math.floor(value / RATE_UNITS_PER_PERCENT);
  const fraction = (value % RATE_UNITS_PER_PERCENT).toString().padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** YYYY-MM-DD → YYYYMMDD (CII's format 102). */
export const date102 = (isoDate: string) => isoDate.replaceAll('-', '');

/** The electronic address to write: the one given, else the e-mail (scheme EM). */
export function electronicAddress(party: {
  email?: string;
  endpoint_id?: string;
  endpoint_scheme?: string;
}): { id: string; scheme: string } | null {
  if (party.endpoint_id?.trim() && party.endpoint_scheme?.trim()) {
    return { id: party.endpoint_id.trim(), scheme: party.endpoint_scheme.trim() };
  }
  if (party.email?.trim()) return { id: party.email.trim(), scheme: 'EM' };
  return null;
}

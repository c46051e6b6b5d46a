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

/** XRechnung 3.0, the German CIUS the vendored rules check (BR-DE-21 wants this specification identifier). */
export const XRECHNUNG_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/** What the writers vary by format: the specification identifier (BT-24). */
export interface WriterOptions {
  customization?: string;
}

/** The seller's contact point (BG-6), when a name or a telephone number was given. */
export function sellerContact(party: { contact_name?: string; phone?: string; email?: string }) {
  if (!party.contact_name?.trim() && !party.phone?.trim()) return null;
  return { name: party.contact_name, phone: party.phone, email: party.email };
}

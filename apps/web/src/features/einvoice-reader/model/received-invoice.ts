import type { ReceivedEInvoice, ReceivedParty, ReceivedValidation } from '@invoicer/domain/api/einvoices';

/**
 * How the reader words a received e-invoice. The server sends amounts as the document wrote them (decimal strings);
 * they are shown as written, grouped by thousands, never turned into floats.
 */

/** "1234567.5" → "1,234,567.5"; anything that is not a plain decimal is shown as it came. */
export function groupDigits(decimal: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal.trim());
  if (!match) return decimal;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** An amount with its currency code, or a dash when the document has none. */
export function formatAmount(decimal: string | undefined, currency: string | undefined): string {
  if (decimal === undefined) return '—';
  return currency ? `${groupDigits(decimal)} ${currency}` : groupDigits(decimal);
}

const VAT_CATEGORIES: Record<string, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Outside the scope of VAT',
  L: 'Canary Islands tax (IGIC)',
  M: 'Ceuta and Melilla tax (IPSI)',
};

/** "Standard rate 19 %", "Reverse charge". */
export function vatLabel(category: string | undefined, rate: string | undefined): string {
  const name = category ? (VAT_CATEGORIES[category] ?? `Category ${category}`) : 'VAT';
  return rate !== undefined && !(category && category !== 'S' && Number(rate) === 0) ? `${name} ${rate} %` : name;
}

/** The few UN/ECE Recommendation 20 unit codes freelancers meet; others are shown as their code. */
const UNITS: Record<string, string> = {
  C62: 'unit',
  H87: 'piece',
  EA: 'each',
  HUR: 'hour',
  DAY: 'day',
  MON: 'month',
  ANN: 'year',
  WEE: 'week',
  MIN: 'minute',
  KGM: 'kg',
  MTR: 'm',
  LTR: 'l',
  MTK: 'm²',
  KWH: 'kWh',
  XPP: 'package',
  LS: 'lump sum',
};

export function unitLabel(code: string | undefined): string {
  return code ? (UNITS[code] ?? code) : '';
}

/** The party's postal address as lines: street, additional line, postcode and city, region, country. */
export function addressLines(party: ReceivedParty): string[] {
  const cityLine = [party.postcode, party.city].filter(Boolean).join(' ');
  return [party.street, party.additional_street, cityLine, party.region, party.country].filter(
    (line): line is string => typeof line === 'string' && line !== '',
  );
}

/** The verdict in plain words. */
export function verdict(validation: ReceivedValidation): string {
  if (validation.valid) return 'Passes the EN 16931 rules';
  const count = validation.failures.length;
  return `Does not pass: ${count} ${count === 1 ? 'problem' : 'problems'}`;
}

export function documentTitle(invoice: ReceivedEInvoice): string {
  const kind = invoice.type === 'credit note' ? 'Credit note' : 'Invoice';
  return invoice.number ? `${kind} ${invoice.number}` : kind;
}

export function syntaxLabel(invoice: ReceivedEInvoice): string {
  const identifier = invoice.specification ?? '';
  const flavour = /xrechnung/i.test(identifier) ? 'XRechnung ' : /peppol/i.test(identifier) ? 'Peppol BIS ' : '';
  return `${flavour}${invoice.syntax === 'cii' ? 'UN/CEFACT CII' : 'UBL 2.1'}`;
}

/** What the clients route takes (name, email, phone, address, tax id). */
export interface SellerAsClient {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  tax_id?: string;
}

/**
 * The seller as a new client, or the reason it cannot be one: the clients route requires an e-mail address, and a
 * received invoice does not always carry one (its electronic address is used when it is an e-mail).
 */
export function sellerAsClient(seller: ReceivedParty): { client: SellerAsClient } | { missing: string } {
  const email = seller.email ?? (seller.endpoint_scheme === 'EM' ? seller.endpoint_id : undefined);
  if (!seller.name) return { missing: 'The seller has no name in this e-invoice.' };
  if (!email) return { missing: 'The seller has no e-mail address in this e-invoice, which a client needs.' };
  const client: SellerAsClient = { name: seller.name, email };
  const address = addressLines(seller).join('\n');
  if (address) client.address = address;
  if (seller.phone) client.phone = seller.phone;
  const taxId = seller.vat_id ?? seller.company_id;
  if (taxId) client.tax_id = taxId;
  return { client };
}

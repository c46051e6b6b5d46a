import { BUSINESS_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import type {
  ReceivedEInvoice,
  ReceivedParty,
  ReceivedPayment,
  ReceivedValidation,
} from '@invoicer/domain/api/einvoices';
import { checkBic, checkIban } from '@invoicer/domain/bank-account';
import { COUNTRY_CODES, EAS_CODES } from '@invoicer/domain/einvoice/einvoice-codes';
import { EPC_LIMITS } from '@invoicer/domain/epc-qr';

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

/** The structured fields a saved business has; a client has these too (and a buyer reference, which a seller has not). */
export type SellerPartyFields = { [Name in (typeof BUSINESS_PARTY_FIELDS)[number]]?: string };

/** What the clients route takes: name, e-mail, phone, free-text address, tax id, and the structured fields. */
export interface SellerAsClient extends SellerPartyFields {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  tax_id?: string;
}

/** What the businesses route takes: a client's fields and the bank account the invoice asks to be paid to. */
export interface SellerAsBusiness extends SellerAsClient {
  iban?: string;
  bic?: string;
  account_holder?: string;
}

const trimmed = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

/**
 * The seller's structured fields as a saved party stores them. A code the routes would refuse (a country that is no
 * ISO code, an unknown EAS scheme) is left out rather than failing the whole save, and an electronic address goes
 * only with its scheme, which the routes require of it.
 */
function sellerPartyFields(seller: ReceivedParty): SellerPartyFields {
  const fields: SellerPartyFields = {};
  for (const name of BUSINESS_PARTY_FIELDS) {
    const value = trimmed(seller[name]);
    if (value !== undefined) fields[name] = value;
  }
  if (fields.country !== undefined && !COUNTRY_CODES.includes(fields.country.toUpperCase())) delete fields.country;
  if (fields.endpoint_scheme !== undefined && !EAS_CODES.includes(fields.endpoint_scheme.toUpperCase())) {
    delete fields.endpoint_scheme;
  }
  if (fields.endpoint_id === undefined || fields.endpoint_scheme === undefined) {
    delete fields.endpoint_id;
    delete fields.endpoint_scheme;
  }
  return fields;
}

/**
 * The seller as a new client, or the reason it cannot be one: the clients route requires an e-mail address, and a
 * received invoice does not always carry one (its electronic address is used when it is an e-mail).
 */
export function sellerAsClient(seller: ReceivedParty): { client: SellerAsClient } | { missing: string } {
  const email = trimmed(seller.email) ?? (seller.endpoint_scheme === 'EM' ? trimmed(seller.endpoint_id) : undefined);
  const name = trimmed(seller.name);
  if (!name) return { missing: 'The seller has no name in this e-invoice.' };
  if (!email) return { missing: 'The seller has no e-mail address in this e-invoice, which a client needs.' };
  const client: SellerAsClient = { name, email, ...sellerPartyFields(seller) };
  const address = addressLines(seller).join('\n');
  if (address) client.address = address;
  const phone = trimmed(seller.phone);
  if (phone) client.phone = phone;
  const taxId = trimmed(seller.vat_id) ?? trimmed(seller.company_id);
  if (taxId) client.tax_id = taxId;
  return { client };
}

/**
 * The seller as a new business (a freelancer reading their own e-invoice made elsewhere): the client's fields and
 * the first bank account of the payment means whose IBAN the businesses route takes, with its BIC and holder when
 * they are valid too. A bank account that fails the check is left out, as the route would refuse it.
 */
export function sellerAsBusiness(
  seller: ReceivedParty,
  payment: readonly ReceivedPayment[],
): { business: SellerAsBusiness } | { missing: string } {
  const candidate = sellerAsClient(seller);
  if ('missing' in candidate) {
    return { missing: candidate.missing.replace('which a client needs', 'which a client or business needs') };
  }
  const business: SellerAsBusiness = { ...candidate.client };
  for (const means of payment) {
    const iban = means.iban ? checkIban(means.iban) : undefined;
    if (!iban?.ok) continue;
    business.iban = iban.value;
    const bic = means.bic ? checkBic(means.bic) : undefined;
    if (bic?.ok) business.bic = bic.value;
    const holder = trimmed(means.account_name);
    if (holder && holder.length <= EPC_LIMITS.name && !/[\r\n]/.test(holder)) business.account_holder = holder;
    break;
  }
  return { business };
}

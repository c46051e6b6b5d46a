import { initials } from '../../../lib/initials';

/** The kinds of party the picker lists (docs/product/entities.md#party). */
export type PartyType = 'business' | 'client' | 'vendor';

/**
 * A business, client or vendor as the picker reads it, whatever field names its endpoint uses
 * (docs/product/entities.md#party).
 */
export interface Party {
  id: string;
  name: string;
  email: string;
  address: string;
  phone: string;
  tax_id: string;
  invoice_count: number;
  /** The first letter of the name in upper case, else '?'. */
  logo: string;
  /** One line built from e-mail, phone, address and tax id, shown under the name and searched. */
  description: string;
  type: PartyType;
  /** The record as the server sent it, for the create / edit forms that take the endpoint's own type. */
  raw: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of these fields holding text (or a number, for ids) as trimmed text; '' when none does. */
function pick(record: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return '';
}

function count(record: Record<string, unknown>): number {
  for (const key of ['invoice_count', 'total_invoices']) {
    const value = Math.floor(Number(record[key]));
    // Only a count a number can hold exactly (1e300 is not one).
    if (record[key] != null && record[key] !== '' && Number.isSafeInteger(value) && value >= 0) return value;
  }
  return 0;
}

/** An address on one line: its lines joined by commas. */
const oneLine = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');

/**
 * One party from a list answer, with the alternative names accepted (docs/product/entities.md#party):
 * id/_id, name/business_name/client_name/vendor_name, email/contact_email,
 * address/business_address, phone/contact_phone, tax_id/tax_number, invoice_count/total_invoices
 * (default 0). Null when the entry is not a record or has no id (it could not be chosen).
 */
export function normalizeParty(raw: unknown, type: PartyType): Party | null {
  if (!isRecord(raw)) return null;
  const id = pick(raw, 'id', '_id');
  if (id === '') return null;
  const name = pick(raw, 'name', 'business_name', 'client_name', 'vendor_name');
  const email = pick(raw, 'email', 'contact_email');
  const address = pick(raw, 'address', 'business_address');
  const phone = pick(raw, 'phone', 'contact_phone');
  const taxId = pick(raw, 'tax_id', 'tax_number');
  return {
    id,
    name,
    email,
    address,
    phone,
    tax_id: taxId,
    invoice_count: count(raw),
    logo: initials(name, { fallback: '?', max: 1 }),
    description: [email, phone, oneLine(address), taxId].filter((part) => part !== '').join(' · '),
    type,
    raw,
  };
}

/**
 * The list inside a list answer (docs/product/entities.md#party): the first array among businesses, clients,
 * vendors, data, the answer itself, or `{type}s`.
 */
export function extractPartyList(body: unknown, type: PartyType): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const key of ['businesses', 'clients', 'vendors', 'data', `${type}s`]) {
    const value = body[key];
    if (Array.isArray(value)) return value;
  }
  return [];
}

/** Every usable party of a list answer, each id once. */
export function normalizePartyList(body: unknown, type: PartyType): Party[] {
  const seen = new Set<string>();
  const parties: Party[] = [];
  for (const entry of extractPartyList(body, type)) {
    const party = normalizeParty(entry, type);
    if (!party || seen.has(party.id)) continue;
    seen.add(party.id);
    parties.push(party);
  }
  return parties;
}

/**
 * normalizePartyList as the reader of a list answer (the fetch wrapper's schema interface): any
 * answer reads as the list of usable parties it holds, possibly none.
 */
export function partyListReader(type: PartyType) {
  return { safeParse: (body: unknown) => ({ success: true as const, data: normalizePartyList(body, type) }) };
}

/**
 * The loaded list filtered case-insensitively on name, e-mail, description and tax id
 * (docs/product/editor.md#the-party-picker).
 */
export function filterParties(parties: readonly Party[], text: string): Party[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [...parties];
  return parties.filter((party) =>
    [party.name, party.email, party.description, party.tax_id].some((field) =>
      field.toLocaleLowerCase().includes(needle),
    ),
  );
}

/**
 * The address block a chosen party fills in: the name, then the address lines, e-mail, phone
 * and tax id where present (the invoice's From / To, whose first line is the name).
 */
export function partyAddressBlock(party: Party): string {
  const addressLines = party.address
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [party.name, ...addressLines, party.email, party.phone, party.tax_id ? `Tax ID: ${party.tax_id}` : '']
    .filter((line) => line !== '')
    .join('\n');
}

/** The first line of an address block, trimmed: the party's name. */
export function firstLine(text: string): string {
  return (text.split(/\r\n|\r|\n/)[0] ?? '').trim();
}

/**
 * The last line of the text, trimmed: what the suggestion search looks for
 * (docs/product/states-and-transitions.md#party-picker).
 */
export function lastLine(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  return (lines[lines.length - 1] ?? '').trim();
}

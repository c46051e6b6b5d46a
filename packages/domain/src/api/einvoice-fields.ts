import { z } from 'zod';
import { checkBic, checkIban, type BankCheck } from '../bank-account';
import { COUNTRY_CODES, EAS_CODES } from '../einvoice/einvoice-codes';
import { VAT_CATEGORIES, type VatCategory } from '../einvoice/einvoice-model';
import { textSchema } from './common';

/**
 * The e-invoice fields of the document contract (issue 17; docs/decisions/0070-e-invoice-fields-and-outputs.md):
 * structured `seller` and `buyer`, per-line VAT, and the bank account of the payment means. All optional:
 * required only to make an e-invoice, which answers 422 with what is missing. A value of the wrong form
 * (an unknown country, EAS scheme or VAT category, a bad IBAN) is a 400 here.
 */

export const EINVOICE_FIELD_MESSAGES = {
  /** `field`: the field's whole label ("Buyer country", "Country"). */
  country: (field: string) => `${field} must be a two-letter ISO 3166-1 code (DE, FR, US).`,
  scheme: 'Electronic address scheme must be an EAS code (for example 0088, 9930 or EM).',
  schemeMissing: 'Choose the scheme (EAS code) of the electronic address.',
  vatCategory: 'VAT category must be one of S, Z, E, AE, K, G or O.',
  vatRate: 'VAT rate must be a percent between 0 and 100 with at most 3 decimals.',
  vatRateStandard: 'A standard-rated (S) line needs a VAT rate above 0.',
  vatRateOther: 'Only standard-rated (S) lines carry a VAT rate; leave it 0 for this category.',
  vatRateAlone: "Choose the line's VAT category for its VAT rate.",
  vatAllOrNone: 'Give every line a VAT category, or none.',
  party: (label: string) => `${label} must be an object of e-invoice details.`,
} as const;

/**
 * The structured party fields, their labels (after the party's own: "Buyer street") and lengths: one list for the
 * document's seller and buyer and for the saved businesses and clients, which store the same fields under the same
 * names (docs/decisions/0072-structured-parties-and-discounts-before-tax.md).
 */
export const PARTY_FIELDS = {
  street: { label: 'street', max: 200 },
  additional_street: { label: 'additional street', max: 200 },
  postcode: { label: 'postcode', max: 20 },
  city: { label: 'city', max: 100 },
  region: { label: 'region', max: 100 },
  country: { label: 'country', max: 2 },
  vat_id: { label: 'VAT number', max: 30 },
  company_id: { label: 'company number', max: 50 },
  endpoint_id: { label: 'electronic address', max: 254 },
  endpoint_scheme: { label: 'electronic address scheme', max: 4 },
  buyer_reference: { label: 'buyer reference', max: 200 },
} as const;
export type PartyField = keyof typeof PARTY_FIELDS;
/** The fields a saved business has; a client has these and `buyer_reference`. */
export const BUSINESS_PARTY_FIELDS = [
  'street',
  'additional_street',
  'postcode',
  'city',
  'region',
  'country',
  'vat_id',
  'company_id',
  'endpoint_id',
  'endpoint_scheme',
] as const satisfies readonly PartyField[];
export const CLIENT_PARTY_FIELDS = [...BUSINESS_PARTY_FIELDS, 'buyer_reference'] as const;

/** A filled value's own rule (trimmed, not blank): its stored form, or an issue and z.NEVER. */
type ValueCheck = (value: string, ctx: z.RefinementCtx, label: string) => string;

const checkCountry: ValueCheck = (value, ctx, label) => {
  const code = value.toUpperCase();
  if (!COUNTRY_CODES.includes(code)) {
    ctx.addIssue({ code: 'custom', message: EINVOICE_FIELD_MESSAGES.country(label) });
    return z.NEVER;
  }
  return code;
};

const checkScheme: ValueCheck = (value, ctx) => {
  const code = value.toUpperCase();
  if (!EAS_CODES.includes(code)) {
    ctx.addIssue({ code: 'custom', message: EINVOICE_FIELD_MESSAGES.scheme });
    return z.NEVER;
  }
  return code;
};

const VALUE_CHECKS: Partial<Record<PartyField, ValueCheck>> = {
  country: checkCountry,
  endpoint_scheme: checkScheme,
  vat_id: (value) => value.replace(/\s+/g, '').toUpperCase(),
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const textField = (label: string, max: number) =>
  textSchema(label)
    .max(max, { error: `${label} is too long (at most ${max} characters).` })
    .nullish();

const field = (label: string, max: number, check?: ValueCheck) =>
  textField(label, max)
    // Blank is absent, so an optional field never writes an empty element into the XML.
    .transform((value, ctx) => {
      const trimmed = (value ?? '').trim();
      if (trimmed === '') return undefined;
      return check ? check(trimmed, ctx, label) : trimmed;
    });

/** A document party's field: "Seller street", blank or null is absent. */
const documentPartyField = (party: string, name: PartyField) =>
  field(`${party} ${PARTY_FIELDS[name].label}`, PARTY_FIELDS[name].max, VALUE_CHECKS[name]);

/**
 * A saved business's or client's field (labelled "Street", "Country"), with the document's rules: absent is
 * undefined (unchanged on update), null or blank is '' (none), a value is stored in the form the document takes it.
 */
export const storedPartyField = (name: PartyField) => {
  const label = capitalized(PARTY_FIELDS[name].label);
  const check = VALUE_CHECKS[name];
  return textField(label, PARTY_FIELDS[name].max).transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined;
    const trimmed = (value ?? '').trim();
    if (trimmed === '') return '';
    return check ? check(trimmed, ctx, label) : trimmed;
  });
};

/**
 * A saved party's electronic address needs its scheme (as the document's does): checked when the body sets the
 * address, so an update that sends the address sends its scheme too.
 */
export function storedEndpointNeedsScheme(
  body: { endpoint_id?: string | undefined; endpoint_scheme?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.endpoint_id && !body.endpoint_scheme) {
    ctx.addIssue({ code: 'custom', path: ['endpoint_scheme'], message: EINVOICE_FIELD_MESSAGES.schemeMissing });
  }
}

const partyShape = (label: string) => ({
  name: field(`${label} name`, 200),
  street: documentPartyField(label, 'street'),
  additional_street: documentPartyField(label, 'additional_street'),
  postcode: documentPartyField(label, 'postcode'),
  city: documentPartyField(label, 'city'),
  region: documentPartyField(label, 'region'),
  country: documentPartyField(label, 'country'),
  vat_id: documentPartyField(label, 'vat_id'),
  company_id: documentPartyField(label, 'company_id'),
  email: field(`${label} e-mail`, 254),
  endpoint_id: documentPartyField(label, 'endpoint_id'),
  endpoint_scheme: documentPartyField(label, 'endpoint_scheme'),
});

function withScheme<T extends { endpoint_id?: string; endpoint_scheme?: string }>(party: T, ctx: z.RefinementCtx) {
  if (party.endpoint_id !== undefined && party.endpoint_scheme === undefined) {
    ctx.addIssue({ code: 'custom', path: ['endpoint_scheme'], message: EINVOICE_FIELD_MESSAGES.schemeMissing });
  }
}

/** Present fields only: an object with nothing filled in is no party. */
function compact<T extends object>(party: T): T | undefined {
  const entries = Object.entries(party).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

const sellerShape = {
  ...partyShape('Seller'),
  /** BT-41, BT-42: XRechnung needs a contact with a telephone (BR-DE-2, BR-DE-6). */
  contact_name: field('Seller contact name', 200),
  phone: field('Seller phone', 50),
};
const buyerShape = {
  ...partyShape('Buyer'),
  /** BT-10: the German public sector's Leitweg-ID. */
  buyer_reference: field('Buyer reference', PARTY_FIELDS.buyer_reference.max),
};
/** The document's `seller` and `buyer` field names: a 400 names them as `seller.city`, and the editor has each. */
export const SELLER_INPUT_FIELDS = Object.keys(sellerShape) as Array<keyof typeof sellerShape>;
export const BUYER_INPUT_FIELDS = Object.keys(buyerShape) as Array<keyof typeof buyerShape>;

export const sellerInputSchema = z
  .object(sellerShape, { error: EINVOICE_FIELD_MESSAGES.party('Seller') })
  .superRefine(withScheme)
  .nullish()
  .transform((party) => (party ? compact(party) : undefined));

export const buyerInputSchema = z
  .object(buyerShape, { error: EINVOICE_FIELD_MESSAGES.party('Buyer') })
  .superRefine(withScheme)
  .nullish()
  .transform((party) => (party ? compact(party) : undefined));

export type DocumentSeller = Partial<NonNullable<z.output<typeof sellerInputSchema>>>;
export type DocumentBuyer = Partial<NonNullable<z.output<typeof buyerInputSchema>>>;

export const vatCategoryInputSchema = z
  .string({ error: EINVOICE_FIELD_MESSAGES.vatCategory })
  .nullish()
  .transform((value, ctx): VatCategory | undefined => {
    const code = (value ?? '').trim().toUpperCase();
    if (code === '') return undefined;
    if (!(VAT_CATEGORIES as readonly string[]).includes(code)) {
      ctx.addIssue({ code: 'custom', message: EINVOICE_FIELD_MESSAGES.vatCategory });
      return z.NEVER;
    }
    return code as VatCategory;
  });

export const vatExemptionReasonSchema = field('VAT exemption reason', 500);

/** A bank code checked as the businesses' bank details are (bank-account.ts); blank is absent. */
const bankCodeField = (label: string, max: number, check: (text: string) => BankCheck) =>
  field(label, max).transform((value, ctx) => {
    if (value === undefined) return undefined;
    const checked = check(value);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.value;
  });

export const ibanInputSchema = bankCodeField('IBAN', 50, checkIban);
export const bicInputSchema = bankCodeField('BIC', 20, checkBic);

// Answers (edit data, the invoice's `data`): the same names, only the filled fields.
const partyOutShape = {
  name: z.string().optional(),
  street: z.string().optional(),
  additional_street: z.string().optional(),
  postcode: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
  vat_id: z.string().optional(),
  company_id: z.string().optional(),
  email: z.string().optional(),
  endpoint_id: z.string().optional(),
  endpoint_scheme: z.string().optional(),
};
export const sellerSchema = z.object({
  ...partyOutShape,
  contact_name: z.string().optional(),
  phone: z.string().optional(),
});
export const buyerSchema = z.object({ ...partyOutShape, buyer_reference: z.string().optional() });

/** A saved business's or client's structured fields in a create or update body (`storedPartyField` each). */
export const storedPartyBodyShape = <const Names extends readonly PartyField[]>(names: Names) =>
  Object.fromEntries(names.map((name) => [name, storedPartyField(name)])) as {
    [Name in Names[number]]: ReturnType<typeof storedPartyField>;
  };

/** The same fields in a saved party's answer: '' when none, as its other optional fields. */
export const storedPartyAnswerShape = <const Names extends readonly PartyField[]>(names: Names) =>
  Object.fromEntries(names.map((name) => [name, z.string()])) as { [Name in Names[number]]: z.ZodString };

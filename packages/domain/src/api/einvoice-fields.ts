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
  country: (label: string) => `${label} country must be a two-letter ISO 3166-1 code (DE, FR, US).`,
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

const field = (label: string, max: number) =>
  textSchema(label)
    .max(max, { error: `${label} is too long (at most ${max} characters).` })
    .nullish()
    // Blank is absent, so an optional field never writes an empty element into the XML.
    .transform((value) => {
      const trimmed = (value ?? '').trim();
      return trimmed === '' ? undefined : trimmed;
    });

const countrySchema = (label: string) =>
  field(`${label} country`, 2).transform((value, ctx) => {
    if (value === undefined) return undefined;
    const code = value.toUpperCase();
    if (!COUNTRY_CODES.includes(code)) {
      ctx.addIssue({ code: 'custom', message: EINVOICE_FIELD_MESSAGES.country(label) });
      return z.NEVER;
    }
    return code;
  });

const schemeSchema = field('Electronic address scheme', 4).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const code = value.toUpperCase();
  if (!EAS_CODES.includes(code)) {
    ctx.addIssue({ code: 'custom', message: EINVOICE_FIELD_MESSAGES.scheme });
    return z.NEVER;
  }
  return code;
});

const partyShape = (label: string) => ({
  name: field(`${label} name`, 200),
  street: field(`${label} street`, 200),
  additional_street: field(`${label} additional street`, 200),
  postcode: field(`${label} postcode`, 20),
  city: field(`${label} city`, 100),
  region: field(`${label} region`, 100),
  country: countrySchema(label),
  vat_id: field(`${label} VAT number`, 30).transform((value) => value?.replace(/\s+/g, '').toUpperCase()),
  company_id: field(`${label} company number`, 50),
  email: field(`${label} e-mail`, 254),
  endpoint_id: field(`${label} electronic address`, 254),
  endpoint_scheme: schemeSchema,
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

export const sellerInputSchema = z
  .object(
    {
      ...partyShape('Seller'),
      /** BT-41, BT-42: XRechnung needs a contact with a telephone (BR-DE-2, BR-DE-6). */
      contact_name: field('Seller contact name', 200),
      phone: field('Seller phone', 50),
    },
    { error: EINVOICE_FIELD_MESSAGES.party('Seller') },
  )
  .superRefine(withScheme)
  .nullish()
  .transform((party) => (party ? compact(party) : undefined));

export const buyerInputSchema = z
  .object(
    {
      ...partyShape('Buyer'),
      /** BT-10: the German public sector's Leitweg-ID. */
      buyer_reference: field('Buyer reference', 200),
    },
    { error: EINVOICE_FIELD_MESSAGES.party('Buyer') },
  )
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

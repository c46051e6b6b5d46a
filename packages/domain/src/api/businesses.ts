import { z } from 'zod';
import { checkBic, checkIban, compactBankCode, type BankCheck } from '../bank-account';
import { EPC_LIMITS } from '../epc-qr';
import { parseLogoUrl } from '../invoice-document';
import {
  BUSINESS_PARTY_FIELDS,
  storedEndpointNeedsScheme,
  storedPartyAnswerShape,
  storedPartyBodyShape,
} from './einvoice-fields';
import {
  TEXT_LIMITS,
  okResponseSchema,
  optionalText,
  pageQueryShape,
  paginationSchema,
  requiredEmail,
  requiredText,
  searchQuerySchema,
  timestampSchema,
  textSchema,
  userIdField,
} from './common';
import { logoPath } from './logos';

/** The settings grid and the pickers send no per_page: answer up to 100. */
export const BUSINESSES_DEFAULT_PER_PAGE = 100;

export const BUSINESS_MESSAGES = {
  nameRequired: 'Business name is required',
  notFound: 'Business not found',
  logo: 'Logo must be an uploaded logo (/api/logos/…).',
} as const;

/** Only our own uploads: a business row never stores a data URL or a foreign address. Absent: unchanged. */
const businessLogoSchema = z
  .string({ error: BUSINESS_MESSAGES.logo })
  .nullish()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    const logo = parseLogoUrl(value.trim());
    if (logo?.kind !== 'upload') {
      ctx.addIssue({ code: 'custom', message: BUSINESS_MESSAGES.logo });
      return z.NEVER;
    }
    return logoPath(logo.id);
  });

/** Longer than any IBAN written with spaces: refused before it is read. */
const BANK_CODE_INPUT_MAX = 64;

/**
 * An IBAN or BIC as typed (spaces and lower case allowed), stored compact and upper case
 * (docs/decisions/0047-sepa-payment-qr.md). Absent: undefined (unchanged on update); null or blank: '' (none).
 */
const bankCodeSchema = (label: string, check: (text: string) => BankCheck) =>
  textSchema(label)
    .max(BANK_CODE_INPUT_MAX, { error: `${label} is not valid: it is far too long.` })
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (value === undefined) return undefined;
      if (value === null || compactBankCode(value) === '') return '';
      const checked = check(value);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.value;
    });

/** The name the bank holds the account under, as a payment QR code carries it: one line, at most 70 characters. */
const accountHolderSchema = optionalText('Account holder', EPC_LIMITS.name).refine(
  (value) => value === undefined || !/[\r\n]/.test(value),
  { error: 'Account holder must be on one line.' },
);

/**
 * POST /api/businesses and PUT /api/businesses/{id}; messages name their field ('name', 'email', 'tax',
 * 'IBAN', 'BIC', 'Account holder'). Optional fields left out are undefined: '' (or no logo) on create,
 * unchanged on update.
 */
export const businessBodyObject = z.object({
  user_id: userIdField,
  name: requiredText(BUSINESS_MESSAGES.nameRequired, 'Business name', TEXT_LIMITS.name),
  email: requiredEmail,
  phone: optionalText('Phone', TEXT_LIMITS.phone),
  address: optionalText('Address', TEXT_LIMITS.address),
  tax_id: optionalText('Tax ID', TEXT_LIMITS.taxId),
  logo_url: businessLogoSchema,
  iban: bankCodeSchema('IBAN', checkIban),
  bic: bankCodeSchema('BIC', checkBic),
  account_holder: accountHolderSchema,
  /** The structured e-invoice fields (street … endpoint_scheme), with the document seller's rules. */
  ...storedPartyBodyShape(BUSINESS_PARTY_FIELDS),
});
/** The route's body: the fields, and an electronic address sent with its scheme. */
export const businessBodySchema = businessBodyObject.superRefine(storedEndpointNeedsScheme);
export type BusinessBody = z.infer<typeof businessBodySchema>;
export type BusinessBodyInput = z.input<typeof businessBodySchema>;

export const businessSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  tax_id: z.string(),
  logo_url: z.string().nullable(),
  /** Compact and upper case; '' when none. */
  iban: z.string(),
  bic: z.string(),
  account_holder: z.string(),
  ...storedPartyAnswerShape(BUSINESS_PARTY_FIELDS),
  invoice_count: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Business = z.infer<typeof businessSchema>;

/** GET /api/businesses?user_id (page, per_page and search optional) */
export const businessListQuerySchema = z.object({
  user_id: userIdField,
  ...pageQueryShape(BUSINESSES_DEFAULT_PER_PAGE),
  search: searchQuerySchema,
});
export type BusinessListQuery = z.infer<typeof businessListQuerySchema>;

export const businessListResponseSchema = z.object({
  success: z.literal(true),
  businesses: z.array(businessSchema),
  pagination: paginationSchema,
});
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>;

/** GET /api/businesses/{id} */
export const businessResponseSchema = z.object({ success: z.literal(true), business: businessSchema });
export type BusinessResponse = z.infer<typeof businessResponseSchema>;

export const businessSaveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  business: businessSchema,
});
export type BusinessSaveResponse = z.infer<typeof businessSaveResponseSchema>;

/** DELETE /api/businesses/{id} */
export const businessDeleteResponseSchema = okResponseSchema;

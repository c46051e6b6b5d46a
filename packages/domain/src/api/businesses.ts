import { z } from 'zod';
import { parseLogoUrl } from '../invoice-document';
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

/**
 * POST /api/businesses and PUT /api/businesses/{id}; messages name their field ('name', 'email', 'tax').
 * Optional fields left out are undefined: '' (or no logo) on create, unchanged on update.
 */
export const businessBodySchema = z.object({
  user_id: userIdField,
  name: requiredText(BUSINESS_MESSAGES.nameRequired, 'Business name', TEXT_LIMITS.name),
  email: requiredEmail,
  phone: optionalText('Phone', TEXT_LIMITS.phone),
  address: optionalText('Address', TEXT_LIMITS.address),
  tax_id: optionalText('Tax ID', TEXT_LIMITS.taxId),
  logo_url: businessLogoSchema,
});
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

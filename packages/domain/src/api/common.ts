import { z } from 'zod';
import { CURRENCY_CODES, isCurrencyCode, type CurrencyCode } from '../currencies';
import { isIsoDate } from '../dates';

/**
 * Building blocks shared by every request and response schema. Request schemas strip
 * unknown keys (old clients send extra fields) and give every issue a user-facing message;
 * response schemas carry no refinements, so they serialise and document cleanly.
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A simple name@host.domain form (docs/product/entities.md#client), the same test the modals run. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const TEXT_LIMITS = {
  name: 200,
  email: 254,
  phone: 50,
  address: 1_000,
  taxId: 100,
  search: 200,
  userId: 200,
} as const;

export const MAX_PER_PAGE = 100;
/** Far beyond any real list; keeps OFFSET arithmetic small. */
export const MAX_PAGE = 1_000_000;

/**
 * Characters no text field may hold, whatever the route: U+0000 (PostgreSQL text and JSONB cannot
 * store it: a 500) and a UTF-16 surrogate that is not half of a pair (not a Unicode character:
 * JSONB refuses it, a 500, and encoding to UTF-8 silently turns it into U+FFFD, so `x\ud800y` and
 * `x\udc00y` would be stored as the same text). With the `u` flag a regex reads code points, so
 * a well-formed pair (an emoji) never matches.
 */
// eslint-disable-next-line no-control-regex
const DISALLOWED_CHARACTER = /[\u0000\u{D800}-\u{DFFF}]/u;

/** True when the text holds U+0000 or a lone surrogate, which no field accepts. */
export function hasDisallowedCharacter(value: string): boolean {
  return DISALLOWED_CHARACTER.test(value);
}

/** The one message for it, naming the field (the modals put a message on the field it names). */
export const disallowedCharacterMessage = (label: string) => `${label} contains a character that is not allowed.`;

/**
 * The base of every free-text field of every request: a string that refuses U+0000 and lone
 * surrogates with a 400 naming the field, never changing them. Every text building block (and
 * the invoice document's fields) starts from it, so a new field cannot forget the rule.
 */
export const textSchema = (label: string, typeMessage: string = `${label} must be text.`) =>
  z
    .string({ error: typeMessage })
    .refine((value) => !hasDisallowedCharacter(value), { error: disallowedCharacterMessage(label) });

/** An id in a path, body or query. Anything but a UUID is rejected before it reaches the database. */
export const uuidSchema = (label = 'Id') =>
  z.string({ error: `${label} must be a valid id.` }).regex(UUID_PATTERN, { error: `${label} must be a valid id.` });

/** An optional reference: '' and null mean none (null); absent stays undefined, so an update can leave it alone. */
export const optionalUuidSchema = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a valid id.` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      if (!UUID_PATTERN.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a valid id.` });
        return z.NEVER;
      }
      return value.trim().toLowerCase();
    });

export const idParamSchema = z.object({ id: uuidSchema('Id') });
export type IdParam = z.infer<typeof idParamSchema>;

/**
 * Older clients sent user_id in the query or body. Identity comes from the session: the server only
 * compares this value with the session user (docs/product/routes-and-access.md#a-user-id-in-a-request).
 */
export const userIdField = z
  .union([textSchema('user_id', 'user_id must be an id.'), z.number(), z.null()], { error: 'user_id must be an id.' })
  .optional()
  .transform((value, ctx) => {
    if (value == null) return undefined;
    const text = String(value).trim();
    if (text.length > TEXT_LIMITS.userId) {
      ctx.addIssue({ code: 'custom', message: 'user_id is too long.' });
      return z.NEVER;
    }
    return text === '' ? undefined : text;
  });

export const userIdQuerySchema = z.object({ user_id: userIdField });
export type UserIdQuery = z.infer<typeof userIdQuerySchema>;

/** Text that must not be blank, trimmed. */
export const requiredText = (requiredMessage: string, label: string, max: number) =>
  textSchema(label, requiredMessage)
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `${label} is too long (at most ${max} characters).` });

/** Optional text, trimmed: null clears it (''); absent stays undefined, so an update can leave it alone. */
export const optionalText = (label: string, max: number) =>
  textSchema(label)
    .trim()
    .max(max, { error: `${label} is too long (at most ${max} characters).` })
    .nullish()
    .transform((value) => (value === null ? '' : value));

/** The modals' e-mail rule: required, then the simple pattern ('Invalid email format'). */
export const requiredEmail = textSchema('Email', 'Email is required')
  .trim()
  .min(1, { error: 'Email is required' })
  .max(TEXT_LIMITS.email, { error: `Email is too long (at most ${TEXT_LIMITS.email} characters).` })
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: 'Invalid email format' });

/** YYYY-MM-DD or nothing ('' and null mean none). */
export const optionalDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date in YYYY-MM-DD format.` })
    .nullish()
    .transform((value) => (value ? value.trim() : null))
    .refine((value) => value === null || isIsoDate(value), { error: `${label} must be a date in YYYY-MM-DD format.` });

/** A currency code in a request, any case; undefined when absent. */
export const currencyInputSchema = z
  .string({ error: 'Currency must be a currency code.' })
  .nullish()
  .transform((value, ctx): CurrencyCode | undefined => {
    if (!value || value.trim() === '') return undefined;
    const code = value.trim().toUpperCase();
    if (!isCurrencyCode(code)) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown currency "${value.slice(0, 10)}". Use one of ${CURRENCY_CODES.join(', ')}.`,
      });
      return z.NEVER;
    }
    return code;
  });

/** A currency code in a response. */
export const currencyCodeSchema = z.enum(CURRENCY_CODES);

/** A whole number from a query string (or JSON), at least 1; blank means the default, larger than max means max. */
const positiveIntQuery = (label: string, fallback: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a whole number.` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) return fallback;
      const number = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number) || number < 1) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number, 1 or more.` });
        return z.NEVER;
      }
      return Math.min(number, max);
    });

/** page and per_page of a list query. per_page is capped at MAX_PER_PAGE rather than refused. */
export const pageQueryShape = (defaultPerPage: number) => ({
  page: positiveIntQuery('Page', 1, MAX_PAGE),
  per_page: positiveIntQuery('Per page', defaultPerPage, MAX_PER_PAGE),
});

/** A list's search text, trimmed; '' when absent. */
export const searchQuerySchema = textSchema('Search')
  .max(TEXT_LIMITS.search, { error: `Search is too long (at most ${TEXT_LIMITS.search} characters).` })
  .optional()
  .transform((value) => (value ?? '').trim());

/** 'true' / '1' / true turn a query flag on; anything absent is off. */
export const booleanQuerySchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'Flags must be true or false.' })
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');

export const paginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  has_prev: z.boolean(),
  has_next: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Pagination for a list of `total` rows; an empty list still has one (empty) page. */
export function paginate(page: number, perPage: number, total: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { page, per_page: perPage, total, pages, has_prev: page > 1, has_next: page < pages };
}

/** Rows to skip for a page (1-based). */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** created_at and friends: ISO text, or a Date the server hands over as is. */
export const timestampSchema = z.union([z.string(), z.date().transform((date) => date.toISOString())]);

/** An amount in a response: a decimal number with at most 2 decimals (see money.toDecimal). */
export const amountSchema = z.number();

/** The error envelope every failing call answers (docs/product/api.md#the-error-envelope). */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function errorEnvelope(error: string, errors?: string[]): ErrorEnvelope {
  return errors ? { success: false, error, errors } : { success: false, error };
}

/** A success without data (deletes, mark as read, sign-out). */
export const okResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof okResponseSchema>;

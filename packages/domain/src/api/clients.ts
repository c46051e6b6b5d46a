import { z } from 'zod';
import { languageInputSchema } from '../document-language';
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
  uuidSchema,
} from './common';
import {
  CLIENT_PARTY_FIELDS,
  storedEndpointNeedsScheme,
  storedPartyAnswerShape,
  storedPartyBodyShape,
} from './einvoice-fields';

/** Without per_page (the pickers) a list answers up to 100 rows; the list page asks for 10 (5 on mobile). */
export const CLIENTS_DEFAULT_PER_PAGE = 100;
export const BULK_DELETE_MAX = 500;

export const CLIENT_MESSAGES = {
  nameRequired: 'Name is required',
  notFound: 'Client not found',
  bulkEmpty: 'Select at least one client to delete.',
  bulkTooMany: `At most ${BULK_DELETE_MAX} clients can be deleted at once.`,
} as const;

/**
 * POST /api/clients and PUT /api/clients/{id}. The modal puts an error on a field when its
 * text mentions 'name', 'email' or 'tax', so each message names its field. Optional fields
 * left out are undefined: '' on create, unchanged on update (the modal never sends tax_id).
 * The text building blocks refuse U+0000 and lone surrogates, naming the field.
 */
export const clientBodyObject = z.object({
  user_id: userIdField,
  name: requiredText(CLIENT_MESSAGES.nameRequired, 'Name', TEXT_LIMITS.name),
  email: requiredEmail,
  phone: optionalText('Phone', TEXT_LIMITS.phone),
  address: optionalText('Address', TEXT_LIMITS.address),
  tax_id: optionalText('Tax ID', TEXT_LIMITS.taxId),
  /**
   * The language the client's invoices print in (docs/decisions/0061-the-document-language.md): a tag such as de or
   * fr-CA; null or '' for none. Left out: none on create, unchanged on update.
   */
  preferred_language: languageInputSchema.optional(),
  /** The structured e-invoice fields (street … endpoint_scheme, buyer_reference), with the document buyer's rules. */
  ...storedPartyBodyShape(CLIENT_PARTY_FIELDS),
});
/** The route's body: the fields, and an electronic address sent with its scheme. */
export const clientBodySchema = clientBodyObject.superRefine(storedEndpointNeedsScheme);
export type ClientBody = z.infer<typeof clientBodySchema>;
export type ClientBodyInput = z.input<typeof clientBodySchema>;

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  tax_id: z.string(),
  preferred_language: z.string().nullable(),
  ...storedPartyAnswerShape(CLIENT_PARTY_FIELDS),
  invoice_count: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Client = z.infer<typeof clientSchema>;

/** GET /api/clients?user_id&page&per_page&search */
export const clientListQuerySchema = z.object({
  user_id: userIdField,
  ...pageQueryShape(CLIENTS_DEFAULT_PER_PAGE),
  search: searchQuerySchema,
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientListResponseSchema = z.object({
  success: z.literal(true),
  clients: z.array(clientSchema),
  pagination: paginationSchema,
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** GET /api/clients/{id} */
export const clientResponseSchema = z.object({ success: z.literal(true), client: clientSchema });
export type ClientResponse = z.infer<typeof clientResponseSchema>;

/** POST and PUT answers: the modal shows its own success text, message is informative. */
export const clientSaveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  client: clientSchema,
});
export type ClientSaveResponse = z.infer<typeof clientSaveResponseSchema>;

/** DELETE /api/clients/{id} */
export const clientDeleteResponseSchema = okResponseSchema;

/** DELETE /api/clients/bulk-delete: duplicates are dropped. */
export const bulkDeleteClientsBodySchema = z.object({
  user_id: userIdField,
  client_ids: z
    .array(uuidSchema('Client id'), { error: CLIENT_MESSAGES.bulkEmpty })
    .min(1, { error: CLIENT_MESSAGES.bulkEmpty })
    .max(BULK_DELETE_MAX, { error: CLIENT_MESSAGES.bulkTooMany })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type BulkDeleteClientsBody = z.infer<typeof bulkDeleteClientsBodySchema>;

export const bulkDeleteClientsResponseSchema = z.object({
  success: z.literal(true),
  deleted_count: z.number().int(),
  message: z.string().optional(),
});
export type BulkDeleteClientsResponse = z.infer<typeof bulkDeleteClientsResponseSchema>;

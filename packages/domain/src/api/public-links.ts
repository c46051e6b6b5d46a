import { z } from 'zod';
import { invoiceStatusSchema } from '../status';
import { amountSchema, timestampSchema, userIdField } from './common';
import { invoiceCurrencySchema, invoiceTotalsSchema } from './invoices';

/**
 * Public invoice links (docs/product/public-links-and-activity.md; docs/decisions/0046-public-invoice-links-and-activity.md):
 * the owner's calls under /api/invoices/{id}/share and the recipient's under /api/public/invoices/{token}.
 */

/** Random bytes in a token: 144 bits, at least the 128 that docs/decisions/0037-public-links-and-api-keys.md asks. */
export const PUBLIC_LINK_TOKEN_BYTES = 18;
/** A token as it appears in a link: the bytes in base64url, 24 characters, nothing else is ever looked up. */
export const PUBLIC_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** The SPA's public page of a token. */
export const publicInvoicePath = (token: string) => `/i/${token}`;
/** The JSON and the PDF of a token. */
export const publicInvoiceApiPath = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;
export const publicInvoicePdfPath = (token: string) => `${publicInvoiceApiPath(token)}/pdf`;

export const PUBLIC_LINK_MESSAGES = {
  /** Unknown, turned off, replaced and malformed tokens alike: nothing tells whether it ever existed. */
  notFound: 'This invoice link does not work. It may have been turned off or replaced: ask the sender for a new one.',
  turnedOff: 'Link turned off. The old link no longer opens the invoice.',
  replaceFlag: 'Replace must be true or false.',
} as const;

/** POST /api/invoices/{id}/share: no body, `{}`, or `{ replace: true }` for a new token in place of the one on. */
export const shareBodySchema = z
  .object({
    user_id: userIdField,
    replace: z.boolean({ error: PUBLIC_LINK_MESSAGES.replaceFlag }).optional(),
  })
  .nullish()
  .transform((body) => ({ replace: body?.replace === true }));
export type ShareBody = z.infer<typeof shareBodySchema>;

/** The link the owner is shown: the full address, its token, and when it was made. */
export const publicLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  created_at: timestampSchema,
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** POST /api/invoices/{id}/share */
export const shareResponseSchema = publicLinkSchema.extend({ success: z.literal(true) });
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/** GET /api/invoices/{id}/share: the link that is on, or null. */
export const shareStateResponseSchema = z.object({ success: z.literal(true), link: publicLinkSchema.nullable() });
export type ShareStateResponse = z.infer<typeof shareStateResponseSchema>;

/** DELETE /api/invoices/{id}/share */
export const shareDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/public/invoices/{token}: any text; one that is not a token answers 404 like an unknown one. */
export const publicTokenParamSchema = z.object({ token: z.string() });

/** An adjustment as printed: shown or not, and its percent when it is one (null for a fixed amount). */
const printedAdjustmentSchema = z.object({ shown: z.boolean(), percent: amountSchema.nullable() });

/**
 * The invoice as its recipient may see it: what the PDF prints and nothing else (no ids, no user, no
 * client or business record, no internal fields). Figures come from the one totals function.
 */
export const publicInvoiceSchema = z.object({
  /**
   * The language the PDF prints in, which the page prints in too: the invoice's own, else its client's, else `en`
   * (docs/decisions/0075-the-account-default-language.md).
   */
  language: z.string(),
  invoice_number: z.string(),
  /** Effective, as the owner's pages show it. */
  status: invoiceStatusSchema,
  issued_date: z.string().nullable(),
  due_date: z.string().nullable(),
  currency: invoiceCurrencySchema,
  /** The From and To blocks as printed. */
  from: z.string(),
  to: z.string(),
  /** `/api/logos/{id}` (public) or a data URL; null without a logo. */
  logo_url: z.string().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** At most 3 decimals (docs/decisions/0060-decimal-quantities-and-units.md). */
      quantity: z.number(),
      unit: z.string(),
      unit_cost: amountSchema,
      amount: amountSchema,
    }),
  ),
  tax: printedAdjustmentSchema,
  discount: printedAdjustmentSchema,
  shipping: z.object({ shown: z.boolean() }),
  totals: invoiceTotalsSchema,
  /**
   * What its payments add up to and what is still due (docs/product/payments.md#on-the-pdf-and-the-public-page): the
   * page shows both under Total once amount_paid is more than 0.
   */
  amount_paid: amountSchema,
  balance_due: amountSchema,
  payment_details: z.string(),
  payment_instructions: z.string(),
  /**
   * The SEPA payment QR code the PDF prints (docs/decisions/0047-sepa-payment-qr.md): the credit transfer it asks
   * for (the balance due, the invoice number as the remittance) and the code as an SVG; null when the invoice
   * carries none (not EUR, no business IBAN in SEPA, nothing due).
   */
  payment_qr: z
    .object({
      svg: z.string(),
      name: z.string(),
      iban: z.string(),
      bic: z.string(),
      amount: amountSchema,
      remittance: z.string(),
    })
    .nullable(),
  terms: z.string(),
  /** The PDF of this link, and the name it is saved under. */
  pdf_url: z.string(),
  file_name: z.string(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

export const publicInvoiceResponseSchema = z.object({ success: z.literal(true), invoice: publicInvoiceSchema });
export type PublicInvoiceResponse = z.infer<typeof publicInvoiceResponseSchema>;

import { z } from 'zod';
import { invoiceStatusSchema } from '../status';
import { textSchema, userIdField } from './common';

/**
 * Sending an invoice by e-mail (docs/product/sending-invoices.md; docs/decisions/0049-sending-invoices-by-e-mail.md):
 * POST /api/invoices/{id}/send and the dialog's defaults, GET /api/invoices/{id}/send. The Send dialog validates
 * with these same schemas before it sends.
 */

export const SEND_LIMITS = {
  /** Addresses in To. */
  recipients: 10,
  /** Characters in one address (RFC 5321's path limit). */
  address: 254,
  /** Characters before the @. */
  localPart: 64,
  subject: 200,
  message: 5_000,
} as const;

/**
 * An address the product sends to: the dot-atom of RFC 5322 (no quoted local parts, no comments, no display
 * name) at a domain of letters, digits and hyphens with at least one dot. Stricter than the forms' EMAIL_PATTERN
 * on purpose: nothing that could change a header (`,` `;` `<` `>` `"`, spaces, line breaks) gets through, so the
 * addresses can be written into To as they are.
 */
const SEND_ADDRESS_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** True for an address the product sends to (see SEND_ADDRESS_PATTERN). */
export function isSendableAddress(value: string): boolean {
  if (value.length > SEND_LIMITS.address || !SEND_ADDRESS_PATTERN.test(value)) return false;
  return value.indexOf('@') <= SEND_LIMITS.localPart;
}

export const SEND_MESSAGES = {
  toRequired: 'Add at least one recipient.',
  toType: 'Recipients must be a list of e-mail addresses.',
  tooManyRecipients: `At most ${SEND_LIMITS.recipients} recipients.`,
  invalidAddress: (address: string) => `"${address}" is not a valid e-mail address.`,
  duplicate: (address: string) => `${address} is listed twice.`,
  subjectRequired: 'Subject is required.',
  subjectTooLong: `Subject is too long (at most ${SEND_LIMITS.subject} characters).`,
  subjectOneLine: 'Subject must be a single line.',
  messageRequired: 'Message is required.',
  messageTooLong: `Message is too long (at most ${SEND_LIMITS.message} characters).`,
  ccMe: 'cc_me must be true or false.',
  tooMany: (minutes: number) =>
    `You have sent too many e-mails. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  /** The 202's sentence, and the dialog's toast. */
  queued: (invoiceNumber: string, to: readonly string[]) =>
    `Invoice ${invoiceNumber} is on its way to ${to.join(', ')}.`,
  /** Said instead when this server has no SMTP_URL: nothing was delivered. */
  waiting: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} was marked as sent, but e-mail delivery is not configured on this server: the message waits in the outbox until it is.`,
  /**
   * 403 of the send, and the dialog's note before anything is typed, for an account whose address is not verified
   * (docs/decisions/0052-account-links-verification-and-sessions.md).
   */
  notVerified:
    'Verify your e-mail address before sending invoices by e-mail: open the link we sent you, or use "Resend link" in the banner at the top of the page.',
  /** The dialog's warning, before sending, when delivery is not configured. */
  notConfigured:
    'E-mail delivery is not configured on this server (no SMTP_URL). The message will wait in the outbox and will not reach anyone until an administrator sets it up.',
} as const;

/** One address, trimmed. */
const addressSchema = textSchema('Recipient', SEND_MESSAGES.toType)
  .trim()
  .check((ctx) => {
    if (!isSendableAddress(ctx.value)) {
      const shown = ctx.value.length > 60 ? `${ctx.value.slice(0, 57)}...` : ctx.value;
      ctx.issues.push({ code: 'custom', message: SEND_MESSAGES.invalidAddress(shown), input: ctx.value });
    }
  });

/** To: 1 to 10 addresses, each once (compared without case: the same mailbox to everyone who reads it). */
export const sendRecipientsSchema = z
  .array(addressSchema, { error: SEND_MESSAGES.toType })
  .min(1, { error: SEND_MESSAGES.toRequired })
  .max(SEND_LIMITS.recipients, { error: SEND_MESSAGES.tooManyRecipients })
  .check((ctx) => {
    const seen = new Set<string>();
    for (const address of ctx.value) {
      const key = address.toLowerCase();
      if (seen.has(key)) {
        ctx.issues.push({ code: 'custom', message: SEND_MESSAGES.duplicate(address), input: ctx.value });
        return;
      }
      seen.add(key);
    }
  });

export const sendSubjectSchema = textSchema('Subject')
  .trim()
  .min(1, { error: SEND_MESSAGES.subjectRequired })
  .max(SEND_LIMITS.subject, { error: SEND_MESSAGES.subjectTooLong })
  .refine((value) => !/[\r\n\u2028\u2029]/.test(value), { error: SEND_MESSAGES.subjectOneLine });

export const sendMessageSchema = textSchema('Message')
  .max(SEND_LIMITS.message, { error: SEND_MESSAGES.messageTooLong })
  .refine((value) => value.trim() !== '', { error: SEND_MESSAGES.messageRequired })
  .transform((value) => value.replace(/\r\n?/g, '\n').trimEnd());

/**
 * POST /api/invoices/{id}/send. Subject and message left out (or null) take the defaults of
 * packages/domain/src/invoice-email.ts; a message may hold `{link}` where the invoice's link goes.
 */
export const sendInvoiceBodySchema = z.object({
  to: sendRecipientsSchema,
  cc_me: z
    .boolean({ error: SEND_MESSAGES.ccMe })
    .nullish()
    .transform((value) => value === true),
  subject: sendSubjectSchema.nullish().transform((value) => value ?? undefined),
  message: sendMessageSchema.nullish().transform((value) => value ?? undefined),
  user_id: userIdField,
});
export type SendInvoiceBody = z.infer<typeof sendInvoiceBodySchema>;
export type SendInvoiceBodyInput = z.input<typeof sendInvoiceBodySchema>;

/** 202: the e-mail is queued (not delivered: `email_delivery_configured` says whether it will be without help). */
export const sendInvoiceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The invoice's status afterwards (a draft becomes sent; past its due date it reads overdue). */
  status: invoiceStatusSchema,
  to: z.array(z.string()),
  cc: z.array(z.string()),
  /** The public link the e-mail carries. */
  url: z.string(),
  email_delivery_configured: z.boolean(),
});
export type SendInvoiceResponse = z.infer<typeof sendInvoiceResponseSchema>;

/** GET /api/invoices/{id}/send: what the dialog starts with. */
export const sendDefaultsResponseSchema = z.object({
  success: z.literal(true),
  /** The linked client's address when it has a sendable one, else none. */
  to: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  /** The account's address: Reply-To, and where "Send me a copy" goes. */
  reply_to: z.string(),
  /** The attached PDF's file name, as downloads of the invoice are named. */
  attachment_name: z.string(),
  email_delivery_configured: z.boolean(),
  /** The account's address is verified: false, and the send answers 403 (SEND_MESSAGES.notVerified). */
  email_verified: z.boolean(),
});
export type SendDefaultsResponse = z.infer<typeof sendDefaultsResponseSchema>;

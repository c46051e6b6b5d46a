import { z } from 'zod';
import { addDays, isIsoDate } from '../dates';
import { currencyDecimals, type CurrencyCode } from '../currencies';
import { formatMoney, MAX_MONEY_MINOR, parseMinor, parseScaledDecimal, type Minor } from '../money';
import { invoiceStatusSchema } from '../status';
import { amountSchema, textSchema, timestampSchema, userIdField, uuidSchema } from './common';
import { invoiceCurrencySchema } from './invoices';

/**
 * Payments recorded on an invoice (docs/product/payments.md; docs/decisions/0048-payments-and-the-balance.md):
 * POST, GET and DELETE under /api/invoices/{id}/payments. The form and the route share these schemas and
 * messages, so the dialog says exactly what the server would.
 */

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How each method is written in sentences and in the method select. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  other: 'Other',
};

/** The method Mark as Paid records its payment with (the app cannot know how the client paid). */
export const MARK_AS_PAID_METHOD: PaymentMethod = 'other';

/**
 * Who recorded a payment: the user through Record payment (`manual`), or a status change to Paid (Mark as Paid,
 * the status menu, a save with status paid, and the invoices already paid before payments existed). Setting the
 * status back from Paid removes only the second kind (docs/product/payments.md#setting-the-status-back-from-paid).
 */
export const PAYMENT_SOURCES = ['manual', 'mark_as_paid'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const PAYMENT_NOTE_MAX = 500;
/** More payments than any invoice needs; keeps the list and its answer small. */
export const PAYMENTS_PER_INVOICE_MAX = 200;

export const PAYMENT_MESSAGES = {
  amountRequired: 'Enter the amount paid.',
  amountFormat: 'Amount must be a number with at most 2 decimals.',
  /** A fraction in a currency without a minor unit (ADR 59). */
  amountWhole: (currency: string) => `Amount must be a whole number in ${currency}.`,
  amountPositive: 'Amount must be more than 0.',
  amountTooLarge: 'Amount is too large.',
  dateRequired: 'Enter the date of the payment.',
  dateFormat: 'Date must be a date in YYYY-MM-DD format.',
  dateFuture: 'The payment date cannot be in the future.',
  method: 'Method must be one of bank transfer, card, cash, cheque or other.',
  noteTooLong: `Note is too long (at most ${PAYMENT_NOTE_MAX} characters).`,
  notFound: 'Payment not found',
  recorded: 'Payment recorded',
  deleted: 'Payment deleted',
  /** Nothing is left to pay: the invoice is paid in full already, or its total is 0. */
  nothingDue: (invoiceNumber: string) => `Invoice ${invoiceNumber} is paid in full: nothing is due.`,
  /** Overpayment: says how much is due, so the user can correct the amount. */
  overpayment: (amount: string, due: string) =>
    `This payment (${amount}) is more than the balance due of ${due}. Enter at most ${due}.`,
  tooMany: `An invoice can hold at most ${PAYMENTS_PER_INVOICE_MAX} payments.`,
  /** The status menu or a save asked for Draft on an invoice that holds payments. */
  draftWithPayments: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} has payments recorded, so it cannot go back to Draft. Delete its payments first.`,
  /** The status menu asked to set an invoice back from Paid while payments recorded by hand still cover it. */
  paidByPayments: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} is paid in full by the payments recorded on it. Delete a payment to set it back.`,
  /** A save would make the total smaller than what was paid. */
  totalBelowPaid: (total: string, paid: string) =>
    `The new total (${total}) is less than the ${paid} already paid. Delete a payment before lowering the total.`,
  /** A save would change the currency of an invoice that holds payments (they are amounts in its currency). */
  currencyLocked: (code: string) =>
    `This invoice has payments recorded in ${code}, so its currency cannot change. Delete its payments first.`,
} as const;

/** "Payment of €120.00 is more than…", from minor units and the currency. */
export function overpaymentMessage(amountMinor: Minor, dueMinor: Minor, currency: CurrencyCode): string {
  return PAYMENT_MESSAGES.overpayment(formatMoney(amountMinor, currency), formatMoney(dueMinor, currency));
}

/**
 * The latest date a payment may carry, from the clock's instant: today somewhere on Earth (UTC+14), so a user
 * east of UTC can record a payment of their own today before UTC has reached it. One day later than UTC's today
 * at most (docs/product/payments.md#recording-a-payment).
 */
export function latestPaymentDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The earliest date a payment may carry: the contract refuses dates before year 2000 as typing mistakes. */
export const EARLIEST_PAYMENT_DATE = '2000-01-01';

/** Today's date in the browser's own time zone (the form's default), YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return addDays(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`, now.getDate() - 1);
}

/**
 * The amount of a payment as sent: a decimal more than 0 with at most 2 decimals (the most any listed currency
 * has), as its exact decimal text ('1234.5'). Its minor units depend on the invoice's currency, which the body
 * does not carry: paymentAmountMinor reads it once the invoice is known (ADR 59).
 */
export const paymentAmountSchema = z
  .union([z.number(), z.string()], { error: PAYMENT_MESSAGES.amountRequired })
  .transform((value, ctx): string => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountRequired });
      return z.NEVER;
    }
    const negative = typeof text === 'number' ? text < 0 : text.startsWith('-');
    if (negative && parseScaledDecimal(typeof text === 'number' ? -text : text.slice(1), 2) !== null) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountPositive });
      return z.NEVER;
    }
    const hundredths = parseScaledDecimal(text, 2);
    if (hundredths === null) {
      const digits = /^\d+(?:\.\d{1,2})?$/.test(String(text));
      ctx.addIssue({
        code: 'custom',
        message: digits ? PAYMENT_MESSAGES.amountTooLarge : PAYMENT_MESSAGES.amountFormat,
      });
      return z.NEVER;
    }
    if (hundredths === 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountPositive });
      return z.NEVER;
    }
    return String(text);
  });

/**
 * A payment amount (paymentAmountSchema's text) as minor units of the invoice's currency, or the message that
 * refuses it: a fraction in JPY or KRW, or an amount past what the product holds.
 */
export function paymentAmountMinor(
  amount: string,
  currency: CurrencyCode,
): { ok: true; value: Minor } | { ok: false; message: string } {
  const minor = parseMinor(amount, currency);
  if (minor === null) {
    return {
      ok: false,
      message:
        currencyDecimals(currency) === 0 ? PAYMENT_MESSAGES.amountWhole(currency) : PAYMENT_MESSAGES.amountTooLarge,
    };
  }
  if (minor > MAX_MONEY_MINOR) return { ok: false, message: PAYMENT_MESSAGES.amountTooLarge };
  return { ok: true, value: minor };
}

/** The date of a payment: YYYY-MM-DD, a real day, from 2000 to today (latestPaymentDate). */
export const paymentDateSchema = z.string({ error: PAYMENT_MESSAGES.dateRequired }).transform((value, ctx) => {
  const text = value.trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.dateRequired });
    return z.NEVER;
  }
  if (!isIsoDate(text) || text < EARLIEST_PAYMENT_DATE) {
    ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.dateFormat });
    return z.NEVER;
  }
  if (text > latestPaymentDate()) {
    ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.dateFuture });
    return z.NEVER;
  }
  return text;
});

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method });

/** POST /api/invoices/{id}/payments */
export const paymentBodySchema = z.object({
  user_id: userIdField,
  amount: paymentAmountSchema,
  date: paymentDateSchema,
  method: paymentMethodSchema,
  note: textSchema('Note')
    .trim()
    .max(PAYMENT_NOTE_MAX, { error: PAYMENT_MESSAGES.noteTooLong })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;
export type PaymentBodyInput = z.input<typeof paymentBodySchema>;

/** DELETE /api/invoices/{id}/payments/{paymentId} */
export const paymentParamsSchema = z.object({ id: uuidSchema('Id'), paymentId: uuidSchema('Payment id') });

// ---------------------------------------------------------------------------------------------
// Responses

export const paymentSchema = z.object({
  id: z.string(),
  invoice_id: z.string(),
  amount: amountSchema,
  /** YYYY-MM-DD */
  date: z.string(),
  method: paymentMethodSchema,
  note: z.string().nullable(),
  source: z.enum(PAYMENT_SOURCES),
  created_at: timestampSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

/** What a payment changed on its invoice: the figures and status every page shows next to the payments. */
export const paymentBalanceSchema = z.object({
  /** Effective, like every other answer's. */
  status: invoiceStatusSchema,
  currency: invoiceCurrencySchema,
  total_amount: amountSchema,
  amount_paid: amountSchema,
  balance_due: amountSchema,
});
export type PaymentBalance = z.infer<typeof paymentBalanceSchema>;

/** GET /api/invoices/{id}/payments: newest first (by date, then by when it was recorded). */
export const paymentListResponseSchema = z.object({
  success: z.literal(true),
  payments: z.array(paymentSchema),
  invoice: paymentBalanceSchema,
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** POST answers 201 with the payment and the invoice's new balance. */
export const paymentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: paymentSchema,
  invoice: paymentBalanceSchema,
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

export const paymentDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: paymentBalanceSchema,
});
export type PaymentDeleteResponse = z.infer<typeof paymentDeleteResponseSchema>;

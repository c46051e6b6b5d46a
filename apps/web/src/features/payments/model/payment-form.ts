import {
  localToday,
  overpaymentMessage,
  PAYMENT_MESSAGES,
  paymentAmountMinor,
  paymentBodySchema,
  type PaymentBodyInput,
  type PaymentMethod,
} from '@invoicer/domain/api/payments';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor, minorToFixed, type Minor } from '@invoicer/domain/money';

/**
 * The Record payment form (docs/product/payments.md#recording-a-payment): what the fields hold, and the same
 * checks and sentences as the server (the domain's paymentBodySchema), plus the two it can only make with the
 * invoice at hand: not more than the balance, not after today in this browser's time zone.
 */
export interface PaymentFormValues {
  amount: string;
  date: string;
  method: PaymentMethod | '';
  note: string;
}

export type PaymentFormErrors = Partial<Record<keyof PaymentFormValues, string>>;

/** The form as it opens: the whole balance, today, bank transfer, no note. */
export function initialPaymentForm(
  balanceDue: number,
  currency: CurrencyCode,
  now: Date = new Date(),
): PaymentFormValues {
  return {
    amount: minorToFixed(amountToMinor(balanceDue, currency), currency),
    date: localToday(now),
    method: 'bank_transfer',
    note: '',
  };
}

/** The body to send, or the message of each field that is wrong. */
export function validatePaymentForm(
  values: PaymentFormValues,
  context: { balanceDueMinor: Minor; currency: CurrencyCode; today: string },
): { body: PaymentBodyInput; errors: null } | { body: null; errors: PaymentFormErrors } {
  const body: PaymentBodyInput = {
    amount: values.amount.trim(),
    date: values.date.trim(),
    method: values.method as PaymentMethod,
    note: values.note.trim() === '' ? null : values.note,
  };
  const errors: PaymentFormErrors = {};
  const parsed = paymentBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof PaymentFormValues | undefined;
      if (field && field in values && !errors[field]) errors[field] = issue.message;
    }
  } else {
    const amount = paymentAmountMinor(parsed.data.amount, context.currency);
    if (!amount.ok) errors.amount = amount.message;
    else if (amount.value > context.balanceDueMinor) {
      errors.amount =
        context.balanceDueMinor === 0
          ? PAYMENT_MESSAGES.amountPositive
          : overpaymentMessage(amount.value, context.balanceDueMinor, context.currency);
    }
    if (parsed.data.date > context.today) errors.date = PAYMENT_MESSAGES.dateFuture;
  }
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

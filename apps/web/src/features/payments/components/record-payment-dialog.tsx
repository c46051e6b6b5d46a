import { localToday, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_NOTE_MAX } from '@invoicer/domain/api/payments';
import { getCurrency, type CurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor, formatMoney } from '@invoicer/domain/money';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Label } from '../../../components/ui/field';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useRecordPayment } from '../hooks/use-payments';
import { PAYMENT_TEXTS } from '../model/messages';
import {
  initialPaymentForm,
  validatePaymentForm,
  type PaymentFormErrors,
  type PaymentFormValues,
} from '../model/payment-form';

export interface RecordPaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoiceId: string;
  invoiceNumber: string;
  balanceDue: number;
  currency: CurrencyCode;
  isDraft: boolean;
}

const selectClass =
  'mt-1 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 md:h-10 ' +
  'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 aria-invalid:border-red-500';

/**
 * Record payment (docs/product/payments.md#recording-a-payment): the amount (the balance to start with), the date
 * (today), the method and a note. Each field says what is wrong with it in the server's words; a refusal the form
 * could not foresee (the balance changed meanwhile) is shown above the buttons.
 */
export function RecordPaymentDialog({ open, onOpenChange, invoiceNumber, ...form }: RecordPaymentDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Record payment"
      description={`A payment received for invoice ${invoiceNumber}.`}
    >
      {/* The dialog's content mounts on each opening, so the form starts from the balance of that moment. */}
      <RecordPaymentForm {...form} onDone={() => onOpenChange(false)} onBusyChange={setBusy} />
    </Dialog>
  );
}

function RecordPaymentForm({
  invoiceId,
  balanceDue,
  currency,
  isDraft,
  onDone,
  onBusyChange,
}: Omit<RecordPaymentDialogProps, 'open' | 'onOpenChange' | 'invoiceNumber'> & {
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [values, setValues] = useState<PaymentFormValues>(() => initialPaymentForm(balanceDue, currency));
  const [errors, setErrors] = useState<PaymentFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const methodId = useId();
  const record = useRecordPayment(invoiceId, { onRecorded: onDone });
  const today = localToday();
  const context = { balanceDueMinor: amountToMinor(balanceDue, currency), currency, today };
  useEffect(() => onBusyChange(record.isPending), [record.isPending, onBusyChange]);

  const change = (field: keyof PaymentFormValues, value: string) => {
    const next = { ...values, [field]: value } as PaymentFormValues;
    setValues(next);
    // After a first attempt, each field says at once whether it is right now.
    if (submitted) setErrors(validatePaymentForm(next, context).errors ?? {});
    if (record.isError) record.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validatePaymentForm(values, context);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    record.mutate(result.body);
  };

  const busy = record.isPending;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Record payment">
      {isDraft && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{PAYMENT_TEXTS.draftNote}</p>}
      <TextField
        label={`Amount (${getCurrency(currency).symbol})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={values.amount}
        error={errors.amount}
        hint={`Balance due: ${formatMoney(context.balanceDueMinor, currency)}`}
        onChange={(event) => change('amount', event.target.value)}
        className="mt-1 h-11 md:h-10"
      />
      <TextField
        label="Date"
        name="date"
        type="date"
        required
        max={today}
        value={values.date}
        error={errors.date}
        onChange={(event) => change('date', event.target.value)}
        className="mt-1 h-11 md:h-10"
      />
      <div>
        <Label htmlFor={methodId}>
          Method
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        </Label>
        <select
          id={methodId}
          name="method"
          className={selectClass}
          value={values.method}
          aria-required
          aria-invalid={errors.method ? true : undefined}
          aria-describedby={errors.method ? `${methodId}-error` : undefined}
          onChange={(event) => change('method', event.target.value)}
        >
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </select>
        <FieldError id={`${methodId}-error`}>{errors.method}</FieldError>
      </div>
      <TextAreaField
        label="Note"
        name="note"
        maxLength={PAYMENT_NOTE_MAX}
        hint="Optional: a reference, a cheque number."
        value={values.note}
        error={errors.note}
        onChange={(event) => change('note', event.target.value)}
      />
      {record.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="payment-error">
          {failureMessage(record.error, PAYMENT_TEXTS.recordFailed)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" className="h-11 md:h-10" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="h-11 md:h-10" disabled={busy} aria-busy={busy}>
          {busy && <Spinner className="h-4 w-4" label="Recording" />}
          Record payment
        </Button>
      </div>
    </form>
  );
}

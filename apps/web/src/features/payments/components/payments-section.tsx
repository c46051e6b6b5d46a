import type { Invoice } from '@invoicer/domain/api/invoices';
import { PAYMENT_METHOD_LABELS, type Payment } from '@invoicer/domain/api/payments';
import { formatLongUsDate } from '@invoicer/domain/dates';
import { formatDecimalMoney } from '@invoicer/domain/money';
import { CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useDeletePayment, usePayments } from '../hooks/use-payments';
import { PAYMENT_TEXTS } from '../model/messages';
import { RecordPaymentDialog } from './record-payment-dialog';

export type PaymentsInvoice = Pick<
  Invoice,
  'id' | 'invoice_number' | 'status' | 'currency' | 'total_amount' | 'amount_paid' | 'balance_due'
>;

/**
 * The invoice page's Payments (docs/product/payments.md#on-the-invoice-page): what was paid and what is due, each
 * payment (date, method, amount, note) with its Delete, and Record payment. The figures come from the invoice the
 * page shows, which every payment refreshes.
 */
export function PaymentsSection({ invoice }: { invoice: PaymentsInvoice }) {
  const payments = usePayments(invoice.id);
  const [recording, setRecording] = useState(false);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const recordButton = useRef<HTMLButtonElement>(null);
  const remove = useDeletePayment(invoice.id, { onDeleted: () => setDeleting(null) });
  const currency = invoice.currency.code;
  const money = (amount: number) => formatDecimalMoney(amount, currency);
  const settled = invoice.balance_due === 0;

  let list;
  if (payments.isPending) {
    list = (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading payments" />
        Loading payments...
      </p>
    );
  } else if (payments.isError) {
    list = (
      <div className="text-sm text-slate-600">
        <p>{failureMessage(payments.error, PAYMENT_TEXTS.loadFailed)}</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void payments.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (payments.data.payments.length === 0) {
    list = <p className="text-sm text-slate-600">{PAYMENT_TEXTS.none}</p>;
  } else {
    list = (
      <ul aria-label="Payments, newest first" className="divide-y divide-slate-100" data-testid="payment-list">
        {payments.data.payments.map((payment) => (
          <li key={payment.id} className="flex items-start justify-between gap-3 py-3" data-testid="payment-row">
            <div className="min-w-0">
              <p className="font-medium text-slate-900 tabular-nums">{money(payment.amount)}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={payment.date}>{formatLongUsDate(payment.date)}</time>
                {' · '}
                {PAYMENT_METHOD_LABELS[payment.method]}
                {payment.source === 'mark_as_paid' && ` · ${PAYMENT_TEXTS.markedAsPaid}`}
              </p>
              {payment.note && <p className="text-sm break-words text-slate-600">{payment.note}</p>}
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="h-11 w-11 shrink-0 text-slate-500 hover:text-red-700 md:h-9 md:w-9"
              aria-label={`Delete the payment of ${money(payment.amount)} on ${formatLongUsDate(payment.date)}`}
              onClick={() => setDeleting(payment)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Panel
      title="Payments"
      className="sm:p-6"
      action={
        <Button
          ref={recordButton}
          className="h-11 md:h-9"
          size="sm"
          disabled={settled}
          onClick={() => setRecording(true)}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Record payment
        </Button>
      }
    >
      <dl className="mb-3 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm" data-testid="payment-summary">
        <div>
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="amount-paid">
            {money(invoice.amount_paid)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Balance due</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="balance-due">
            {money(invoice.balance_due)}
          </dd>
        </div>
      </dl>
      {settled && invoice.amount_paid > 0 && (
        <p className="mb-2 flex items-center gap-1.5 text-sm font-medium text-emerald-700">
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {PAYMENT_TEXTS.paidInFull}
        </p>
      )}
      {list}
      <RecordPaymentDialog
        open={recording}
        onOpenChange={setRecording}
        invoiceId={invoice.id}
        invoiceNumber={invoice.invoice_number}
        balanceDue={invoice.balance_due}
        currency={currency}
        isDraft={invoice.status === 'draft'}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this payment?"
        description={
          deleting
            ? `The payment of ${money(deleting.amount)} on ${formatLongUsDate(deleting.date)} is removed and its amount is due again.`
            : ''
        }
        confirmLabel="Delete payment"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Panel>
  );
}

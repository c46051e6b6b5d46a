import type { PaymentBodyInput } from '@invoicer/domain/api/payments';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { deletePayment, fetchPayments, recordPayment } from '../api/payments-api';
import { PAYMENT_TEXTS } from '../model/messages';

export const paymentKeys = {
  all: queryRoots.payments,
  list: (invoiceId: string) => [...paymentKeys.all, invoiceId] as const,
};

/**
 * What a payment changes: the invoice (its balance, status and activity, under the invoices root), the lists, the
 * dashboard's revenue and outstanding, and the payments themselves (docs/product/payments.md).
 */
const changes = { invalidates: [queryRoots.invoices, queryRoots.dashboard, queryRoots.payments] } as const;

/** The invoice's payments, newest first, with its balance. */
export function usePayments(invoiceId: string) {
  return useQuery({
    queryKey: paymentKeys.list(invoiceId),
    queryFn: ({ signal }) => fetchPayments(invoiceId, signal),
  });
}

/** Record payment; the dialog shows a refusal itself, so no toast for errors here. */
export function useRecordPayment(invoiceId: string, { onRecorded }: { onRecorded: () => void }) {
  return useMutation({
    mutationFn: (body: PaymentBodyInput) => recordPayment(invoiceId, body),
    meta: changes,
    onSuccess: (answer) => {
      toast.success(answer.invoice.status === 'paid' ? PAYMENT_TEXTS.recordedPaid : PAYMENT_TEXTS.recorded);
      onRecorded();
    },
  });
}

/** Delete a payment (after its confirmation). */
export function useDeletePayment(invoiceId: string, { onDeleted }: { onDeleted: () => void }) {
  return useMutation({
    mutationFn: (paymentId: string) => deletePayment(invoiceId, paymentId),
    meta: changes,
    onSuccess: () => {
      toast.success(PAYMENT_TEXTS.deleted);
      onDeleted();
    },
    onError: (error) => toast.error(failureMessage(error, PAYMENT_TEXTS.deleteFailed)),
  });
}

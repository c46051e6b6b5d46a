import { useMutation } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { saveErrorMessage, saveInvoice } from '../api/save-invoice';
import type { InvoiceFormValues } from '../model/invoice-form';

export interface InvoiceSave {
  /** A save to the account is under way. */
  saving: boolean;
  /** The values of the last successful save: Save shows 'Saved' while the form is exactly these. */
  savedValues: InvoiceFormValues | null;
  save: (values: InvoiceFormValues) => void;
}

/**
 * Save to account (docs/product/editor.md#saving-to-the-account): a new invoice (POST) or, in edit mode, the invoice
 * `invoiceId` (PUT), as a mutation: once it settles, the invoice list and page, the dashboard and
 * the header's notification badge are asked again (meta.invalidates and the app's MutationCache).
 * The caller has validated the values; a failure reaches `onFailed` with the banner's sentence.
 */
export function useInvoiceSave({
  invoiceId,
  onSaved,
  onFailed,
}: {
  invoiceId: string | undefined;
  onSaved: (values: InvoiceFormValues, saved: { id: string }) => void;
  onFailed: (message: string) => void;
}): InvoiceSave {
  const mutation = useMutation({
    mutationFn: (values: InvoiceFormValues) => saveInvoice(values, invoiceId),
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    // Clients and businesses too: their invoice counts (shown on their pages and delete confirmations) follow links.
    meta: {
      invalidates: [
        queryRoots.invoices,
        queryRoots.dashboard,
        queryRoots.clients,
        queryRoots.businesses,
        // A save can change what is due and so the status (docs/product/payments.md#editing-an-invoice-that-has-payments).
        queryRoots.payments,
      ],
    },
    onSuccess: (saved, values) => onSaved(values, saved),
    onError: (error) => onFailed(saveErrorMessage(error)),
  });
  return {
    saving: mutation.isPending,
    savedValues: mutation.isSuccess ? mutation.variables : null,
    save: mutation.mutate,
  };
}

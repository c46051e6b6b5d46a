import type { Invoice, InvoiceListResponse } from '@invoicer/domain/api/invoices';
import { statusChangeMessage, type InvoiceStatus } from '@invoicer/domain/status';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  deleteInvoice,
  downloadInvoicesZip,
  fetchInvoice,
  fetchInvoicePdf,
  fetchInvoices,
  isNotFound,
  updateInvoiceStatus,
  type BulkSelection,
} from '../api/invoices-api';
import { saveFile } from '../../../lib/save-file';
import type { ListQuery } from '../model/list-query';
import { failureMessage, isNetworkError } from '../../../lib/api-client';
import { INVOICE_TOASTS } from '../model/messages';
import { queryRoots } from '../../../lib/query-keys';

export const invoiceKeys = {
  all: queryRoots.invoices,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...invoiceKeys.lists(), query] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  /** Under the invoices root, so every write that refreshes invoices refreshes these too. */
  activity: (id: string) => [...invoiceKeys.all, 'activity', id] as const,
  publicLink: (id: string) => [...invoiceKeys.all, 'public-link', id] as const,
};

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useInvoiceList(query: ListQuery) {
  const result = useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => fetchInvoices(query, signal),
    placeholderData: keepPreviousData,
  });
  const { error, errorUpdatedAt } = result;
  useEffect(() => {
    if (!error) return;
    const message = isNetworkError(error)
      ? INVOICE_TOASTS.networkError
      : failureMessage(error, INVOICE_TOASTS.loadFailed);
    toast.error(message, { id: 'invoices-load' });
  }, [error, errorUpdatedAt]);
  return result;
}

/** The detail page's invoice with its client and business; a 404 is an answer, not worth a retry. */
export function useInvoice(id: string) {
  const result = useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => fetchInvoice(id, signal),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
  const { error, errorUpdatedAt } = result;
  useEffect(() => {
    if (!error || isNotFound(error)) return;
    const message = isNetworkError(error)
      ? INVOICE_TOASTS.networkError
      : failureMessage(error, INVOICE_TOASTS.detailLoadFailed);
    toast.error(message, { id: 'invoice-load' });
  }, [error, errorUpdatedAt]);
  return result;
}

/**
 * After a status change the answer's invoice replaces the cached one, so the badge updates in place
 * (docs/product/states-and-transitions.md#status-changes). The lists are marked stale without refetching now, so a row
 * whose new status no longer matches the filter stays in view until the list is next loaded.
 */
function putInvoice(queryClient: QueryClient, invoice: Invoice) {
  queryClient.setQueriesData<InvoiceListResponse>({ queryKey: invoiceKeys.lists() }, (old) =>
    old ? { ...old, invoices: old.invoices.map((row) => (row.id === invoice.id ? { ...row, ...invoice } : row)) } : old,
  );
  queryClient.setQueryData<Invoice>(invoiceKeys.detail(invoice.id), (old) =>
    old ? { ...old, ...invoice, client: old.client, business: old.business } : old,
  );
  void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(), refetchType: 'none' });
}

export function useSetInvoiceStatus({ failure }: { failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InvoiceStatus }) => updateInvoiceStatus(id, status),
    // Paid records a payment of the balance and leaving Paid removes it: the payments and the dashboard's
    // revenue and outstanding change with it (docs/product/payments.md#mark-as-paid).
    meta: { invalidates: [queryRoots.payments, queryRoots.dashboard] },
    onSuccess: (answer, { id, status }) => {
      putInvoice(queryClient, answer.invoice);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.activity(id) });
      // The answer's status is the effective one: Sent past the due date reads Overdue, and the toast says why.
      toast.success(statusChangeMessage(status, answer.invoice.status));
    },
    onError: (error) => toast.error(failureMessage(error, failure)),
  });
}

export function useDeleteInvoice({ onDeleted }: { onDeleted: (id: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteInvoice(id),
    // Clients and businesses too: a deleted invoice leaves their invoice counts.
    meta: { invalidates: [queryRoots.invoices, queryRoots.dashboard, queryRoots.clients, queryRoots.businesses] },
    onSuccess: (_answer, id) => {
      toast.success(INVOICE_TOASTS.deleted);
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) });
      onDeleted(id);
    },
    onError: (error) => toast.error(failureMessage(error, INVOICE_TOASTS.deleteFailed)),
  });
}

/** One invoice's PDF, saved under its file name (docs/product/invoices.md#file-names). */
export function useDownloadInvoice({ failure }: { failure: string }) {
  return useMutation({
    mutationFn: (invoice: Pick<Invoice, 'id' | 'invoice_number' | 'issued_date'>) => fetchInvoicePdf(invoice),
    onSuccess: ({ blob, fileName }) => {
      saveFile(blob, fileName);
      toast.success(INVOICE_TOASTS.downloaded);
    },
    onError: (error) => {
      const message =
        error instanceof Error && error.message === INVOICE_TOASTS.notPdf
          ? error.message
          : failureMessage(error, failure);
      toast.error(message);
    },
  });
}

/** The selection as one ZIP; `received` counts the bytes that have arrived while it streams. */
export function useBulkDownload({ onDone }: { onDone: () => void }) {
  const [received, setReceived] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ selection }: { selection: BulkSelection; count: number }) => {
      setReceived(0);
      return downloadInvoicesZip(selection, setReceived);
    },
    onSuccess: ({ blob, fileName }, { count }) => {
      saveFile(blob, fileName);
      toast.success(INVOICE_TOASTS.bulkDownloaded(count));
      onDone();
    },
    onError: (error) => toast.error(failureMessage(error, INVOICE_TOASTS.bulkDownloadFailed)),
  });
  return { ...mutation, received };
}

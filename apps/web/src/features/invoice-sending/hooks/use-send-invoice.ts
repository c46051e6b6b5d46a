import type { SendInvoiceBodyInput } from '@invoicer/domain/api/sending';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { fetchSendDefaults, sendInvoice } from '../api/sending-api';

export const sendingKeys = {
  /** Under the invoices root: an edit of the invoice (its client, its number) refreshes the defaults too. */
  defaults: (id: string) => [...queryRoots.invoices, 'send-defaults', id] as const,
};

/** The dialog's defaults, read afresh each time it opens (the client's address may have changed since). */
export function useSendDefaults(id: string) {
  return useQuery({
    queryKey: sendingKeys.defaults(id),
    queryFn: ({ signal }) => fetchSendDefaults(id, signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * The send. Sending changes the invoice's status, activity and link, the lists and the dashboard, and adds a
 * notification: those roots are refreshed once it has settled (the app's MutationCache reads `meta`).
 */
export function useSendInvoice(id: string) {
  return useMutation({
    mutationFn: (body: SendInvoiceBodyInput) => sendInvoice(id, body),
    meta: { invalidates: [queryRoots.invoices, queryRoots.dashboard, queryRoots.notifications] },
  });
}

import { useQuery } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { fetchEditData } from '../api/invoices-api';
import type { EditInvoice } from '../model/edit-data';
import { todayIso } from '../model/invoice-form';

/**
 * What the editor shows when the invoice to edit cannot be loaded
 * (docs/product/messages-and-limits.md#invoice-editor-messages).
 */
export const EDIT_LOAD_FAILED = 'Failed to load invoice for editing';

export type EditDataState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; invoice: EditInvoice };

async function loadEditInvoice(id: string, signal: AbortSignal): Promise<EditInvoice> {
  try {
    // The reader (and the draft rules it shares) loads only in edit mode.
    const [{ toEditInvoice }, edit] = await Promise.all([import('../model/edit-data'), fetchEditData(id, signal)]);
    return toEditInvoice(edit, todayIso());
  } catch (error) {
    // The user sees one sentence; the cause goes to the console.
    if (!signal.aborted) console.error('Failed to fetch invoice data', error);
    throw error;
  }
}

/**
 * The invoice to edit (docs/product/editor.md#edit-mode), loaded once per visit: the form starts from
 * it and is not refreshed under the user's hands (its key is outside the invoices root, so a save
 * does not ask for it again; gcTime 0 drops it when the editor closes).
 */
export function useInvoiceEditData(id: string): EditDataState {
  const query = useQuery({
    queryKey: [...queryRoots.invoiceEdit, id],
    queryFn: ({ signal }) => loadEditInvoice(id, signal),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', message: EDIT_LOAD_FAILED };
  return { status: 'ready', invoice: query.data };
}

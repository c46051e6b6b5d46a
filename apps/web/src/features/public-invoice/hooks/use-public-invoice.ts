import type { PublicInvoice } from '@invoicer/domain/api/public-links';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { fetchPublicInvoice, fetchPublicInvoicePdf } from '../api/public-invoice-api';
import { labelsFor } from '@invoicer/domain/document-labels';
import { primaryLanguage } from '@invoicer/domain/document-language';

/** A refusal (404, 429, ...) is an answer: worth no retry. */
const isAnswer = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * The invoice of a public link, read once per visit: every read of it is a view the owner is told about
 * (docs/product/public-links-and-activity.md#views), so coming back to the tab does not read it again.
 */
export function usePublicInvoice(token: string) {
  return useQuery({
    queryKey: ['public-invoice', token],
    queryFn: ({ signal }) => fetchPublicInvoice(token, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => !isAnswer(error) && failures < 1,
  });
}

/**
 * Download PDF: saved under the name the answer gives, like every download of a saved invoice; its toasts in the
 * invoice's language (the server's refusals are English, so only an English page shows them).
 */
export function useDownloadPublicPdf() {
  return useMutation({
    mutationFn: (invoice: Pick<PublicInvoice, 'pdf_url' | 'file_name' | 'language'>) => fetchPublicInvoicePdf(invoice),
    onSuccess: (blob, invoice) => {
      saveFile(blob, invoice.file_name);
      toast.success(labelsFor(invoice.language).downloaded);
    },
    onError: (error, invoice) => {
      const { downloadFailed } = labelsFor(invoice.language);
      toast.error(primaryLanguage(invoice.language) === 'en' ? failureMessage(error, downloadFailed) : downloadFailed);
    },
  });
}

import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { pdfDownloadName } from '@invoicer/domain/invoice-number';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { saveFile } from '../../../lib/save-file';
import { errorMessage, generateInvoicePdf, previewErrorMessage } from '../api/invoice-documents';
import type { InvoiceFormValues } from '../model/invoice-form';
import { toDocumentInput, validateForSend } from '../model/invoice-payload';

/**
 * Download and Preview (spec part 1 §2, §4, §8): the spec's checks first, then the PDF saved
 * under the spec's name, or the preview modal opened on the invoice as it is now. Failures and
 * refusals go to the editor's banner through `setError`.
 */
export function useDocumentActions(
  valuesRef: RefObject<InvoiceFormValues>,
  setError: (message: string | null) => void,
) {
  const [downloading, setDownloading] = useState(false);
  const [previewDocument, setPreviewDocument] = useState<InvoiceDocumentInput | null>(null);

  const download = useCallback(async () => {
    const current = valuesRef.current;
    const invalid = validateForSend(current, 'download');
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setDownloading(true);
    try {
      const pdf = await generateInvoicePdf(toDocumentInput(current));
      saveFile(pdf, pdfDownloadName(current.to));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  }, [valuesRef, setError]);

  const preview = useCallback(() => {
    const current = valuesRef.current;
    const invalid = validateForSend(current, 'preview');
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setPreviewDocument(toDocumentInput(current));
  }, [valuesRef, setError]);

  // The modal has no trigger of its own, so focus is put back on Preview by hand.
  const previewButton = useRef<HTMLButtonElement>(null);
  const closePreview = useCallback(() => {
    setPreviewDocument(null);
    requestAnimationFrame(() => previewButton.current?.focus());
  }, []);
  const failPreview = useCallback(
    (error: unknown) => {
      setPreviewDocument(null);
      setError(previewErrorMessage(error));
    },
    [setError],
  );

  return { downloading, download, preview, previewDocument, previewButton, closePreview, failPreview };
}

import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { pdfDownloadName } from '@invoicer/domain/invoice-number';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { saveFile } from '../../../lib/save-file';
import { errorMessage, generateInvoicePdf, previewErrorMessage } from '../api/invoice-documents';
import type { InvoiceFormValues } from '../model/invoice-form';
import { toDocumentInput, validateForSend } from '../model/invoice-payload';

/**
 * Download and Preview (docs/product/editor.md#downloading, docs/product/editor.md#previewing): the checks first,
 * then the PDF saved under its documented name, or the preview modal opened on the invoice as it is now. Failures and
 * refusals go to the editor's banner through `setError`.
 */
export function useDocumentActions(
  valuesRef: RefObject<InvoiceFormValues>,
  setError: (message: string | null) => void,
) {
  const pdf = useMutation({
    mutationFn: (values: InvoiceFormValues) => generateInvoicePdf(toDocumentInput(values)),
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    onSuccess: (file, values) => saveFile(file, pdfDownloadName(values.to)),
    onError: (failure) => setError(errorMessage(failure)),
  });
  const { mutate: generate } = pdf;
  const [previewDocument, setPreviewDocument] = useState<InvoiceDocumentInput | null>(null);

  const download = useCallback(() => {
    const current = valuesRef.current;
    const invalid = validateForSend(current, 'download');
    setError(invalid);
    if (!invalid) generate(current);
  }, [valuesRef, setError, generate]);

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

  return { downloading: pdf.isPending, download, preview, previewDocument, previewButton, closePreview, failPreview };
}

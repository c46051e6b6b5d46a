import { useMutation } from '@tanstack/react-query';
import { useCallback, type RefObject } from 'react';
import { ApiError, type FieldProblem } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { errorMessage, generateEInvoice } from '../api/invoice-documents';
import { einvoiceFallbackName } from '../model/einvoice-downloads';
import { bodyProblems } from '../model/einvoice-fields';
import type { InvoiceFormValues } from '../model/invoice-form';
import { toDocumentInput, validateForSend } from '../model/invoice-payload';

interface Request {
  format: string;
  values: InvoiceFormValues;
  /** The saved invoice to make it from, when the form is what is saved; else the form as it is now. */
  invoiceId: string | null;
}

/**
 * "Download e-invoice" (issue 17): the same checks as Download first, then the file in the chosen format through the
 * one fetch wrapper. A 422's problems, and a 400's read from the body, go to `onProblems` (placed on their fields by the editor); any other failure
 * goes to the banner.
 */
export function useEInvoiceDownload({
  valuesRef,
  savedInvoiceId,
  setError,
  onProblems,
}: {
  valuesRef: RefObject<InvoiceFormValues>;
  /** The invoice id when the form holds exactly the saved invoice, else null. */
  savedInvoiceId: () => string | null;
  setError: (message: string | null) => void;
  onProblems: (problems: readonly FieldProblem[], values: InvoiceFormValues, summary: string | null) => void;
}) {
  const mutation = useMutation({
    mutationFn: ({ format, values, invoiceId }: Request) =>
      generateEInvoice(format, invoiceId ? { invoiceId } : { body: toDocumentInput(values) }),
    networkMode: 'always',
    onSuccess: ({ blob, fileName }, { format, values }) =>
      saveFile(blob, fileName ?? einvoiceFallbackName(values.invoiceNumber, format)),
    onError: (failure, { values, invoiceId }) => {
      if (failure instanceof ApiError && failure.status === 422 && failure.problems.length > 0) {
        onProblems(failure.problems, values, failure.serverMessage);
        return;
      }
      // A 400 names no fields: the body, read again with the route's schema, says which (a bad IBAN).
      const refused = failure instanceof ApiError && failure.status === 400 && !invoiceId;
      const problems = refused ? bodyProblems(toDocumentInput(values)) : [];
      if (problems.length > 0) {
        onProblems(problems, values, null);
        return;
      }
      setError(errorMessage(failure));
    },
  });
  const { mutate } = mutation;
  const download = useCallback(
    (format: string) => {
      const values = valuesRef.current;
      const invalid = validateForSend(values, 'download');
      setError(invalid);
      onProblems([], values, null);
      if (!invalid) mutate({ format, values, invoiceId: savedInvoiceId() });
    },
    [valuesRef, setError, onProblems, mutate, savedInvoiceId],
  );
  return { download, downloading: mutation.isPending };
}

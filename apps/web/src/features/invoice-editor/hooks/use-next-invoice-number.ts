import { useEffect, useRef, type RefObject } from 'react';
import { fetchNextInvoiceNumber } from '../api/invoices-api';
import { FIRST_INVOICE_NUMBER, type InvoiceFormValues } from '../model/invoice-form';

/**
 * New invoice number (spec part 1 §4): while the form's number is still `placeholder` (the
 * default, or '' while a signed-in user waits), the server's next number replaces it; a number
 * the user typed stays. Asked once a user is signed in (also when a guest signs in on the page).
 */
export function useNextInvoiceNumber({
  isSignedIn,
  placeholder,
  valuesRef,
  onNumber,
}: {
  isSignedIn: boolean;
  /** The number to replace; null when there is none (edit mode, a draft's own number). */
  placeholder: string | null;
  /** The form as it is now. */
  valuesRef: RefObject<InvoiceFormValues>;
  /** The server's number arrived and the form still shows the placeholder. */
  onNumber: (number: string) => void;
}): void {
  const autoNumber = useRef(placeholder);
  const onNumberRef = useRef(onNumber);
  useEffect(() => {
    onNumberRef.current = onNumber;
  });
  useEffect(() => {
    if (!isSignedIn || autoNumber.current === null) return;
    if (valuesRef.current.invoiceNumber !== autoNumber.current) {
      autoNumber.current = null;
      return;
    }
    const controller = new AbortController();
    const fill = (number: string) => {
      if (autoNumber.current === null || valuesRef.current.invoiceNumber !== autoNumber.current) return;
      autoNumber.current = null;
      onNumberRef.current(number);
    };
    fetchNextInvoiceNumber(controller.signal).then(fill, (failure: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Failed to fetch the next invoice number', failure);
      fill(valuesRef.current.invoiceNumber || FIRST_INVOICE_NUMBER);
    });
    return () => controller.abort();
  }, [isSignedIn, valuesRef]);
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { queryRoots } from '../../../lib/query-keys';
import { fetchNextInvoiceNumber } from '../api/invoices-api';
import { FIRST_INVOICE_NUMBER, type InvoiceFormValues } from '../model/invoice-form';

/** Under the invoices root: a save (which invalidates it) makes the next form ask again. */
export const nextInvoiceNumberKey = [...queryRoots.invoices, 'next-number'] as const;

/**
 * New invoice number (docs/product/states-and-transitions.md#new-invoice-number): while the form's number is still
 * `placeholder` (the default, or '' while a signed-in user waits), the server's next number replaces it; a number the
 * user typed stays. Asked once a user is signed in (also when a guest signs in on the page); when the server cannot
 * say, an empty number becomes the first number.
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
  // The number as the form started; the form's number changes as the user types.
  const [waitingFor] = useState(placeholder);
  const settled = useRef(waitingFor === null);
  const next = useQuery({
    queryKey: nextInvoiceNumberKey,
    queryFn: ({ signal }) => fetchNextInvoiceNumber(signal),
    enabled: isSignedIn && waitingFor !== null,
    // Always the server's number of now, never one kept from an earlier form.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The first answer settles it; any later one (a refresh after a save elsewhere) changes nothing.
  const settle = useEffectEvent((number: string | null) => {
    if (settled.current) return;
    settled.current = true;
    const current = valuesRef.current.invoiceNumber;
    if (current !== waitingFor) return; // typed over meanwhile
    const fill = number ?? (current || FIRST_INVOICE_NUMBER);
    if (fill !== current) onNumber(fill);
  });
  const { data, isError, isFetchedAfterMount, error } = next;
  useEffect(() => {
    if (isFetchedAfterMount && data !== undefined) settle(data);
  }, [isFetchedAfterMount, data]);
  useEffect(() => {
    if (!isError) return;
    console.error('Failed to fetch the next invoice number', error);
    settle(null);
  }, [isError, error]);
}

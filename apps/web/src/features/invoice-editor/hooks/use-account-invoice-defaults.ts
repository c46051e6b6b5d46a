import type { InvoiceDefaults } from '@invoicer/domain/invoice-templates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { fetchAccountInvoiceDefaults } from '../api/account-defaults';

const accountDefaultsKey = ['invoice-editor', 'account-defaults'] as const;

/**
 * A new invoice's "Apply discounts before tax" (docs/decisions/0072-structured-parties-and-discounts-before-tax.md) and
 * language without a client's (docs/decisions/0075-the-account-default-language.md) are the account's: asked once a
 * user is signed in, for a form that started fresh (not a draft, not an invoice being edited, which keep their own
 * values). The first answer settles them; a failed call leaves the form as it is.
 */
export function useAccountInvoiceDefaults({
  isSignedIn,
  freshForm,
  onDefaults,
}: {
  isSignedIn: boolean;
  freshForm: boolean;
  onDefaults: (defaults: InvoiceDefaults) => void;
}): void {
  const settled = useRef(!freshForm);
  const query = useQuery({
    queryKey: accountDefaultsKey,
    queryFn: ({ signal }) => fetchAccountInvoiceDefaults(signal),
    enabled: isSignedIn && freshForm,
    // The setting as it is now: it may have changed in Settings since the last form.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const settle = useEffectEvent((defaults: InvoiceDefaults) => {
    if (settled.current) return;
    settled.current = true;
    onDefaults(defaults);
  });
  const { data, isFetchedAfterMount, isError, error } = query;
  useEffect(() => {
    if (isFetchedAfterMount && data !== undefined) settle(data);
  }, [isFetchedAfterMount, data]);
  useEffect(() => {
    if (isError) console.error('Failed to fetch the account invoice defaults', error);
  }, [isError, error]);
}

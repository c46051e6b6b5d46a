import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { fetchAccountInvoiceDefaults } from '../api/account-defaults';

const accountDefaultsKey = ['invoice-editor', 'account-defaults'] as const;

/**
 * A new invoice's "Apply discounts before tax" is the account's setting
 * (docs/decisions/0072-structured-parties-and-discounts-before-tax.md): asked once a user is signed in, for a form that
 * started fresh (not a draft, not an invoice being edited, which keep their own value). The first answer settles it;
 * a failed call leaves the form as it is.
 */
export function useAccountDiscountDefault({
  isSignedIn,
  freshForm,
  onDefault,
}: {
  isSignedIn: boolean;
  freshForm: boolean;
  onDefault: (on: boolean) => void;
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
  const settle = useEffectEvent((on: boolean) => {
    if (settled.current) return;
    settled.current = true;
    onDefault(on);
  });
  const { data, isFetchedAfterMount, isError, error } = query;
  useEffect(() => {
    if (isFetchedAfterMount && data !== undefined) settle(data.discount_before_tax);
  }, [isFetchedAfterMount, data]);
  useEffect(() => {
    if (isError) console.error('Failed to fetch the account invoice defaults', error);
  }, [isError, error]);
}

import type { DashboardSummary } from '@invoicer/domain/api/dashboard';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { fetchDashboardSummary } from '../api/dashboard-api';
import {
  fallbackCurrencyRequest,
  initialCurrencyRequest,
  writeCurrencyPreference,
  type CurrencyRequest,
} from '../model/currency-preference';
import { queryRoots } from '../../../lib/query-keys';

const dashboardQueryKey = [...queryRoots.dashboard, 'summary'] as const;

export interface DashboardState {
  /** The figures on screen; kept while another currency loads. */
  data: DashboardSummary | undefined;
  /** Nothing to show yet (first load, or stepping past a preference the user's invoices do not use). */
  isLoading: boolean;
  /** Another currency's figures are on their way. */
  isSwitching: boolean;
  error: Error | null;
  /** A retry after an error is under way. */
  isRetrying: boolean;
  retry: () => void;
  selectCurrency: (currency: CurrencyCode) => void;
}

/**
 * The dashboard's figures in one currency (docs/product/dashboard.md#choosing-the-currency): the stored preference,
 * else the user's default, else the server's choice, each only if the user's invoices use it. Choosing a currency
 * remembers it and loads its figures.
 */
export function useDashboardSummary(userDefault: CurrencyCode | undefined): DashboardState {
  const [request, setRequest] = useState<CurrencyRequest>(() => initialCurrencyRequest(userDefault));
  const query = useQuery({
    queryKey: [...dashboardQueryKey, request.currency ?? 'default'],
    queryFn: () => fetchDashboardSummary(request.currency),
    placeholderData: keepPreviousData,
    // Invoices change on other pages: coming back shows the kept figures and refreshes them.
    staleTime: 0,
  });

  const fresh = query.isPlaceholderData ? undefined : query.data;
  const fallback = fresh ? fallbackCurrencyRequest(request, fresh.available_currencies, userDefault) : null;
  // Steps down during this render (React renders again before showing anything): the next
  // request's answer either has what it asks for, or steps down once more, to the server's choice.
  if (fallback) setRequest(fallback);

  const selectCurrency = useCallback((currency: CurrencyCode) => {
    writeCurrencyPreference(currency);
    setRequest({ currency, source: 'chosen' });
  }, []);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const settling = fallback !== null || (query.isPlaceholderData && request.source !== 'chosen');
  return {
    data: query.data,
    isLoading: (query.isPending && !query.data) || settling,
    isSwitching: query.isPlaceholderData && !settling,
    error: query.data ? null : query.error,
    isRetrying: query.isFetching && query.isError,
    retry,
    selectCurrency,
  };
}

import { useQuery } from '@tanstack/react-query';
import { getBusiness, listBusinesses } from '../api/businesses-api';
import { queryRoots } from '../../../lib/query-keys';

/** Every business query starts with this key, so one invalidation refreshes lists and details. */
export const businessKeys = {
  all: queryRoots.businesses,
  list: () => [...queryRoots.businesses, 'list'] as const,
  detail: (id: string) => [...queryRoots.businesses, 'detail', id] as const,
};

/**
 * The settings grid, asked again each time the section opens (invoice counts change elsewhere). It
 * asks even while the browser says it is offline (networkMode 'always'; TanStack would otherwise
 * pause), so the page can say 'No internet connection' with a Retry; back online it asks by itself.
 */
export function useBusinessList() {
  return useQuery({
    queryKey: businessKeys.list(),
    queryFn: ({ signal }) => listBusinesses(signal).then((answer) => answer.businesses),
    networkMode: 'always',
    refetchOnMount: 'always',
    // Even when the cached list is fresh: the load that failed offline must be tried again.
    refetchOnReconnect: 'always',
    retry: false,
  });
}

/** One business, for /settings?section=business&edit={id}. An unknown id is a 404 and is not retried. */
export function useBusiness(id: string | null) {
  return useQuery({
    queryKey: businessKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getBusiness(id!, signal).then((answer) => answer.business),
    enabled: id !== null,
    networkMode: 'always',
    retry: false,
  });
}

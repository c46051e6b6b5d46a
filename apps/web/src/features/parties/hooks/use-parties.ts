import { useQuery } from '@tanstack/react-query';
import { fetchParties } from '../api/parties-api';
import type { Party, PartyType } from '../model/normalize-party';
import { queryRoots } from '../../../lib/query-keys';

export interface UsePartiesOptions {
  endpoint: string;
  type: PartyType;
  userId: string;
  params?: Record<string, string>;
}

const NO_PARTIES: Party[] = [];

/**
 * The picker's list (docs/product/states-and-transitions.md#party-picker): loaded once the endpoint and the user id are
 * known, and again on reload (after a save, or when the search text is emptied). A picker mounting again (back from a
 * routed edit form) loads it afresh.
 */
export function useParties({ endpoint, type, userId, params }: UsePartiesOptions) {
  const query = useQuery({
    queryKey: [...queryRoots.parties, endpoint, type, userId, params ?? {}],
    queryFn: ({ signal }) => fetchParties({ endpoint, type, userId, signal, ...(params ? { params } : {}) }),
    enabled: endpoint !== '' && userId !== '',
    staleTime: 0,
  });
  return {
    parties: query.data ?? NO_PARTIES,
    loading: query.isFetching,
    loaded: query.isSuccess,
    reload: query.refetch,
  };
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getClient, listClients, type ClientListParams } from '../api/clients-api';
import { queryRoots } from '../../../lib/query-keys';

/** Every client query starts with this key, so one invalidation refreshes lists and details. */
export const clientKeys = {
  all: queryRoots.clients,
  list: (params: ClientListParams) => [...queryRoots.clients, 'list', params] as const,
  detail: (id: string) => [...queryRoots.clients, 'detail', id] as const,
};

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useClientList(params: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => listClients(params, signal),
    placeholderData: keepPreviousData,
    // Asked even when the browser says it is offline, so a failure shows instead of a pause.
    networkMode: 'always',
    retry: 1,
  });
}

/** One client, for /clients/edit/{id} and ?edit={id}. An unknown id is a 404 and is not retried. */
export function useClient(id: string | null) {
  return useQuery({
    queryKey: clientKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getClient(id!, signal).then((answer) => answer.client),
    enabled: id !== null,
    networkMode: 'always',
    retry: false,
  });
}

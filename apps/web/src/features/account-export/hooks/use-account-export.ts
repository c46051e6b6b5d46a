import { useMutation, useQuery } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { fetchExport, fetchLatestExport, startExport } from '../api/account-export-api';
import { isUnderWay, POLL_MS } from '../model/export-texts';

/**
 * The account's newest export, followed every POLL_MS while it is queued or running (GET /api/users/export/{id}),
 * then left alone.
 */
export function useAccountExport() {
  const latest = useQuery({
    queryKey: [...queryRoots.accountExport, 'latest'],
    queryFn: ({ signal }) => fetchLatestExport(signal),
  });
  const newest = latest.data?.export ?? null;
  const followed = useQuery({
    queryKey: [...queryRoots.accountExport, newest?.id],
    queryFn: ({ signal }) => fetchExport(newest!.id, signal),
    enabled: newest !== null && isUnderWay(newest.status),
    refetchInterval: (query) => (isUnderWay(query.state.data?.status ?? newest?.status) ? POLL_MS : false),
  });
  return { latest, current: followed.data ?? newest };
}

export function useStartExport() {
  return useMutation({ mutationFn: startExport, meta: { invalidates: [queryRoots.accountExport] } });
}

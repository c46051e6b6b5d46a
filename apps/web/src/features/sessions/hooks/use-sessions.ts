import { useMutation, useQuery } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { endOtherSessions, endSession, fetchSessions } from '../api/sessions-api';

export function useSessions() {
  return useQuery({ queryKey: queryRoots.sessions, queryFn: ({ signal }) => fetchSessions(signal) });
}

export function useEndSession() {
  return useMutation({ mutationFn: endSession, meta: { invalidates: [queryRoots.sessions] } });
}

export function useEndOtherSessions() {
  return useMutation({ mutationFn: endOtherSessions, meta: { invalidates: [queryRoots.sessions] } });
}

import type { User } from '@invoicer/domain/api/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJsonUnchecked } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * The profile the server answers (docs/product/entities.md#user). A type only: no schema code reaches the first page
 * load.
 */
export type SessionUser = User;

export type SessionState =
  { status: 'loading'; user: null } | { status: 'anonymous'; user: null } | { status: 'signed-in'; user: SessionUser };

export const sessionQueryKey = queryRoots.session;

/**
 * The signed-in user from the server's session cookie; null means a guest. Read without its schema
 * (see apiJsonUnchecked): every page waits for this answer before it renders.
 */
export async function fetchSession(): Promise<SessionUser | null> {
  const body = await apiJsonUnchecked<{ success: boolean; user: SessionUser | null }>('/api/auth/session');
  return body.user;
}

export function useSession(): SessionState {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 5 * 60_000, retry: 1 });
  // Loading only until the first answer: a later check of a probe that failed (the query goes back to
  // pending while it has no data) must not blank the app, which renders nothing while loading.
  if (query.isPending && query.errorUpdatedAt === 0) return { status: 'loading', user: null };
  if (query.data) return { status: 'signed-in', user: query.data };
  return { status: 'anonymous', user: null };
}

/** Puts a user the server just answered (sign-in, sign-up, profile update) into the session, without another probe. */
export function useSetSessionUser(): (user: SessionUser) => void {
  const queryClient = useQueryClient();
  return useCallback((user) => queryClient.setQueryData(sessionQueryKey, user), [queryClient]);
}

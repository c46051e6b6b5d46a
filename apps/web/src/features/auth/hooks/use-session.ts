import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  profile_picture_url: string | null;
}

export type SessionState =
  { status: 'loading'; user: null } | { status: 'anonymous'; user: null } | { status: 'signed-in'; user: SessionUser };

export const sessionQueryKey = ['session'] as const;

/** The signed-in user from the server's session cookie; null means a guest. */
async function fetchSession(): Promise<SessionUser | null> {
  const body = await apiJson<{ success: boolean; user: SessionUser | null }>('/api/auth/session');
  return body.user;
}

export function useSession(): SessionState {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 5 * 60_000, retry: 1 });
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'signed-in', user: query.data };
  return { status: 'anonymous', user: null };
}

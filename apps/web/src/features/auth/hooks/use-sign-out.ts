import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, apiJson, failureMessage } from '../../../lib/api-client';
import { sessionQueryKey } from './use-session';

/**
 * Forgets the signed-in user in the client and goes to the landing page (docs/product/accounts.md#signing-out).
 * For a session the server already ended: sign-out, account deletion.
 * A protected page that is open at that moment leaves for / as well (see RequireAuth), not for the login modal.
 */
export function useForgetUser(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // Cached pages of the previous user must not show to whoever uses the browser next.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
    void navigate('/');
  }, [queryClient, navigate]);
}

/** Ends the session on the server, then forgets the user (see useForgetUser). */
export function useSignOut() {
  const forgetUser = useForgetUser();
  return useMutation({
    mutationFn: () =>
      apiJson('/api/auth/signout', {
        method: 'POST',
        // The menus that sign out load with every page: the schema (and zod) only when it is used.
        schema: import('@invoicer/domain/api/common').then((m) => m.okResponseSchema),
      }),
    onSuccess: forgetUser,
    onError: (error) => {
      // A session that already expired is as good as signed out.
      if (error instanceof ApiError && error.status === 401) forgetUser();
      else toast.error(failureMessage(error, 'Could not sign out. Please try again.'));
    },
  });
}

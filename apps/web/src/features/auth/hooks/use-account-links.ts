import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resendVerification, verifyEmail } from '../api/account-links-api';
import { sessionQueryKey } from './use-session';

/**
 * Uses a verification (or address change) link once: the query is keyed by the token and never refetched, so the
 * page's second render (React's strict mode, a focus) does not spend the link twice. Once it worked, the session's
 * profile is fetched again (the banner goes, the new address shows).
 */
export function useVerifyEmailLink(token: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const answer = await verifyEmail(token ?? '');
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return answer;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** A new verification link for the signed-in account. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryRoots } from '../lib/query-keys';
import { router } from './router';

function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 30_000 } },
    mutationCache: new MutationCache({
      // Once a write has settled, what it may have changed is asked again (a failed write too: an
      // answer lost on the way back may hide a stored change). The server adds notifications on
      // writes (client, business, invoice, status, support), so the header badge always asks
      // again instead of waiting for its next minute; each write names the rest in
      // meta.invalidates. A write that succeeded stays pending until what is on screen has been asked
      // again; a failed one shows its error at once (a slow refresh must not hold the message back).
      onSettled: (_data, error, _variables, _context, mutation) => {
        const refreshed = Promise.all(
          [queryRoots.notifications, ...(mutation.meta?.invalidates ?? [])].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
        if (error) {
          void refreshed;
          return undefined;
        }
        return refreshed;
      },
    }),
  });
  return queryClient;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  // A page restored from the back/forward cache (Back to an earlier page load, as a routed form does
  // when its address was typed in) shows what it held then: ask again for what is on screen.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

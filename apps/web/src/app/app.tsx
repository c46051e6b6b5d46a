import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { notificationKeys } from '../features/notifications/hooks/notification-keys';
import { router } from './router';

function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 30_000 } },
    // The server adds notifications on writes (client, business, invoice, status, support): after any
    // confirmed write the header badge asks again instead of waiting for its next minute.
    mutationCache: new MutationCache({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    }),
  });
  return queryClient;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

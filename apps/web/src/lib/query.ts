/** The QueryClient: errors of queries and mutations toast per spec §8 unless the caller handles them. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnreachable } from './api';
import { showError } from './errors';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (query.meta?.silent) return;
      showError(err);
    },
  }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => {
      if (mutation.meta?.silent || mutation.options.onError) return;
      showError(err);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // A server that did not answer is asked again with back-off (1, 2, 4, 8, 16 s); other failures once.
      retry: (count, err) =>
        isUnreachable(err) ? count < 5 : !(err instanceof ApiError && ['100', '1000', '2000'].includes(err.code)) && count < 1,
    },
  },
});

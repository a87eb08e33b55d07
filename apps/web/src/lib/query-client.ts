import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Longest wait before a query's retry, whatever Retry-After says (the screen shows its error after that). */
const MAX_RETRY_DELAY_MS = 10_000;

/**
 * A query's wait before retrying: the server's Retry-After when it said (a 503 while its database reconnects, issue 20
 * §2), else TanStack Query's default backoff (1 s, 2 s, ...).
 */
export function queryRetryDelay(failureCount: number, err: unknown): number {
  if (err instanceof ApiError && err.retryAfter !== null) return Math.min(err.retryAfter * 1000, MAX_RETRY_DELAY_MS);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Never retry what the server refused on purpose (4xx); the client already retried 429.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      retryDelay: queryRetryDelay,
    },
  },
});

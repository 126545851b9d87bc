import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';

/** Answers the API gave on purpose (4xx) do not change on retry; network and server trouble might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode < 500) return false;
  return failureCount < 2;
}

/**
 * Requests run whatever the browser says of its connection ('always'): offline, reads answer
 * from the local cache or fail with their error at once, and a change fails with a message
 * instead of waiting, paused, to be sent later.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

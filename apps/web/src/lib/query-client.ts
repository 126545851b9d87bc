import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from './api/client';

/**
 * Answers the API gave on purpose (4xx) do not change on retry; network and server trouble might,
 * unless the browser knows it is offline: then the page says so at once instead of spinning
 * (it loads again when the connection is back).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode < 500) return false;
  if (error instanceof NetworkError && isOffline()) return false;
  return failureCount < 2;
}

/** The browser says it has no connection. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

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

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';

/** Answers the API gave on purpose (4xx) do not change on retry; network and server trouble might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

import type { ClientConfig } from '@aurum/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientConfigQuery } from '../client-config';

type Sentry = ReturnType<typeof import('./sentry')['startSentry']>;
type Settings = NonNullable<ClientConfig['errorReporting']>;

let sentry: Sentry | null = null;
let starting: Promise<void> | null = null;
let userId: string | null = null;

/**
 * Error reporting to Sentry, loaded (its own chunk, `./sentry`) only when the server has a DSN;
 * reports carry the signed-in user's id and nothing else about them.
 */
export function startErrorReporting(settings: Settings): Promise<void> {
  starting ??= import('./sentry').then(({ startSentry }) => {
    const started = startSentry(settings);
    started.setUser(userId ? { id: userId } : null);
    sentry = started;
  });
  return starting;
}

/** Reports an error the app caught itself (a page that failed to render); nothing while reporting is off. */
export function reportError(error: unknown): void {
  sentry?.captureException(error);
}

/**
 * Starts error reporting once `ready` (the page is on screen and the browser idle), if the
 * server has it on, and keeps the reported user id in step with who is signed in.
 */
export function useErrorReporting(signedInUserId: string | null, ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    userId = signedInUserId;
    sentry?.setUser(userId ? { id: userId } : null);
  }, [signedInUserId]);
  useEffect(() => {
    if (!ready) return;
    queryClient
      .fetchQuery(clientConfigQuery)
      .then(({ errorReporting }) => (errorReporting ? startErrorReporting(errorReporting) : undefined))
      .catch((error: unknown) => console.error('Error reporting did not start.', error));
  }, [ready, queryClient]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientConfigQuery } from '../client-config';

let recording: Promise<typeof import('./posthog')> | null = null;

/**
 * Session recording for a signed-in user who turned it on in personal details, in production
 * only (the server gives no settings elsewhere, and a development build never starts it).
 * PostHog loads (its own chunk) once the page is idle; it stops when the user turns recording
 * off or signs out.
 */
export function useSessionRecording(user: { id: string; sessionRecording: boolean } | null, ready: boolean): void {
  const queryClient = useQueryClient();
  const userId = user?.sessionRecording ? user.id : null;
  useEffect(() => {
    if (!ready || !import.meta.env.PROD) return;
    if (!userId) {
      void recording?.then(({ stopPostHog }) => stopPostHog());
      recording = null;
      return;
    }
    queryClient
      .fetchQuery(clientConfigQuery)
      .then(({ sessionRecording }) => {
        if (!sessionRecording || recording) return;
        recording = import('./posthog');
        return recording.then(({ startPostHog }) => startPostHog(sessionRecording, userId));
      })
      .catch((error: unknown) => console.error('Session recording did not start.', error));
  }, [ready, userId, queryClient]);
}

import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQuery } from '../client-config';

let recording: Promise<typeof import('./posthog')> | null = null;

/**
 * Session recording for the signed-in user who turned it on in personal details (`userId`), in
 * production only (the server gives no settings elsewhere, and a development build never starts
 * it): PostHog loads as its own chunk then. With no such user (turned off, signed out) it stops.
 */
export async function syncSessionRecording(queryClient: QueryClient, userId: string | null): Promise<void> {
  if (!import.meta.env.PROD) return;
  if (!userId) {
    const stopping = recording;
    recording = null;
    if (stopping) (await stopping).stopPostHog();
    return;
  }
  const { sessionRecording } = await queryClient.fetchQuery(clientConfigQuery);
  if (!sessionRecording || recording) return;
  recording = import('./posthog');
  (await recording).startPostHog(sessionRecording, userId);
}

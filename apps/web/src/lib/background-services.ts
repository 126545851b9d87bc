import type { QueryClient } from '@tanstack/react-query';
import { syncSessionRecording } from './session-recording';
import { startTelemetryOnce } from './telemetry';

/**
 * The background services that follow the page (this module loads once the page is idle):
 * telemetry when the server collects it, session recording for a consenting user.
 */
export function syncBackgroundServices(queryClient: QueryClient, recordingUserId: string | null): void {
  void startTelemetryOnce(queryClient);
  syncSessionRecording(queryClient, recordingUserId).catch((error: unknown) => console.error('Session recording did not start.', error));
}

import posthog from 'posthog-js/full/no-external';
import { posthogConfig, type SessionRecordingSettings } from './config';

/**
 * PostHog, started for one consenting user: its own chunk, loaded only then. Events carry the
 * user's id and the environment, nothing else about them.
 */
export function startPostHog(settings: SessionRecordingSettings, userId: string): typeof posthog {
  posthog.init(settings.projectKey, { ...posthogConfig(settings, window.location.origin), loaded: (ph) => ph.identify(userId) });
  posthog.register({ environment: settings.environment });
  posthog.opt_in_capturing();
  posthog.startSessionRecording(true);
  return posthog;
}

/** Stops recording and forgets this browser's PostHog identity (consent withdrawn, signed out). */
export function stopPostHog(): void {
  posthog.stopSessionRecording();
  posthog.opt_out_capturing();
  posthog.reset();
}

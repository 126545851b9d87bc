import type { CurrentUser } from '@aurum/core';
import { useClientConfig } from '../../lib/client-config';
import { PreferenceSwitchCard } from './PreferenceSwitchCard';

/**
 * The user's consent to session recording (PostHog), off until turned on here. Shown only when
 * the server records sessions (production, with a PostHog key).
 */
export function SessionRecordingSection({ user }: { user: CurrentUser }) {
  if (!useClientConfig()?.sessionRecording) return null;
  return (
    <PreferenceSwitchCard
      user={user}
      preference="sessionRecording"
      title="Help improve Aurum"
      label="Record my visits"
      description="Lets us replay how you use the app to find what is confusing or broken. Everything you type is hidden, and the identity check is never recorded."
      saved={{ on: 'Your visits may be recorded to improve Aurum.', off: 'Your visits are no longer recorded.' }}
    />
  );
}

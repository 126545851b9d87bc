import type { CurrentUser } from '@aurum/core';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setError } from '../../components/error-store';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { useClientConfig } from '../../lib/client-config';
import { setCurrentUser } from '../../lib/current-user';
import { savePreferences } from './api';

/**
 * The user's consent to session recording (PostHog), off until turned on here. Shown only when
 * the server records sessions (production, with a PostHog key).
 */
export function SessionRecordingSection({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const recordingOn = useClientConfig()?.sessionRecording;
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      addSnack(
        updated.sessionRecording ? 'Your visits may be recorded to improve Aurum.' : 'Your visits are no longer recorded.',
        'success',
      );
    },
    onError: (error) => setError(error),
  });
  if (!recordingOn) return null;
  const checked = save.isPending && save.variables ? Boolean(save.variables.sessionRecording) : user.sessionRecording;
  return (
    <SectionCard title="Help improve Aurum" gap={1}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ sessionRecording: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'session-recording-description' } }}
          />
        }
        label="Record my visits"
      />
      <Typography id="session-recording-description" variant="body2" color="text.secondary">
        Lets us replay how you use the app to find what is confusing or broken. Everything you type is hidden, and the identity check is
        never recorded.
      </Typography>
    </SectionCard>
  );
}

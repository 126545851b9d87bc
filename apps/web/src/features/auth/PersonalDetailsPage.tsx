import type { CurrentUser } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { setError } from '../../components/error-store';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { setCurrentUser, useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { savePreferences } from './api';
import { DataExportSection } from './DataExportSection';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { PushNotificationsSection } from './PushNotificationsSection';
import { SessionRecordingSection } from './SessionRecordingSection';

/** The owner's account: the sign-in address, and how others see them (handle, public name, avatar colour). Other people's details are private. */
export default function PersonalDetailsPage() {
  const { userId = '' } = useParams();
  const user = useSignedInUser();
  if (!user || user.id !== userId) return <Navigate to={paths.user(userId)} replace />;

  return (
    <>
      <PageHeader title="Personal details" back />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <SectionCard title="Account" gap={1}>
          <Typography color="text.secondary">E-mail address</Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.email}</Typography>
          <Typography variant="body2" color="text.secondary">
            Your sign-in codes go to this address.
          </Typography>
        </SectionCard>
        <SectionCard title="Profile" gap={2.5}>
          <ProfileDetailsForm user={user} submitLabel="Save changes" onSaved={() => addSnack('Your details are saved.', 'success')} />
        </SectionCard>
        <NotificationsSection user={user} />
        <PushNotificationsSection user={user} />
        <SessionRecordingSection user={user} />
        <DataExportSection />
        <Button variant="outlined" color="error" component={RouterLink} to={paths.deleteAccount} sx={{ justifySelf: 'start' }}>
          Delete account
        </Button>
      </Box>
    </>
  );
}

/** What the user is told by e-mail besides sign-in codes. */
function NotificationsSection({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      addSnack(
        updated.chatEmailNotices ? 'You will get e-mails about unread messages.' : 'No more e-mails about unread messages.',
        'success',
      );
    },
    onError: (error) => setError(error),
  });
  const checked = save.isPending && save.variables ? save.variables.chatEmailNotices : user.chatEmailNotices;
  return (
    <SectionCard title="E-mail notifications" gap={1}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ chatEmailNotices: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'chat-notices-description' } }}
          />
        }
        label="Unread chat messages"
      />
      <Typography id="chat-notices-description" variant="body2" color="text.secondary">
        When someone writes to you and you have not read it after a quiet spell of 10 minutes; at most one e-mail per chat an hour.
      </Typography>
    </SectionCard>
  );
}

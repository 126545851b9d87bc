import type { CurrentUser } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { DataExportSection } from './DataExportSection';
import { PreferenceSwitchCard } from './PreferenceSwitchCard';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { PushNotificationsSection } from './PushNotificationsSection';
import { SecuritySection } from './SecuritySection';
import { SessionRecordingSection } from './SessionRecordingSection';
import { SessionsSection } from './SessionsSection';

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
        <SecuritySection />
        <SessionsSection />
        <DataExportSection />
        <Button variant="outlined" color="error" component={RouterLink} to={paths.deleteAccount} sx={{ justifySelf: 'start' }}>
          Delete account
        </Button>
      </Box>
    </>
  );
}

function NotificationsSection({ user }: { user: CurrentUser }) {
  return (
    <PreferenceSwitchCard
      user={user}
      preference="chatEmailNotices"
      title="E-mail notifications"
      label="Unread chat messages"
      description="When someone writes to you and you have not read it after a quiet spell of 10 minutes; at most one e-mail per chat an hour."
      saved={{ on: 'You will get e-mails about unread messages.', off: 'No more e-mails about unread messages.' }}
    />
  );
}

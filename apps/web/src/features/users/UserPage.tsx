import { displayName, formatCompactNumber, type PublicProfile } from '@aurum/core';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/PageHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { isApiError } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { useSignedInUser } from '../auth/current-user';
import { profileQuery } from './api';
import { lastOnlineText } from './last-online';

/** A user's public profile. */
export default function UserPage() {
  const { userId = '' } = useParams();
  const profile = useQuery(profileQuery(userId));

  if (profile.isPending) {
    return (
      <Box role="status" aria-label="Loading profile" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-hidden />
      </Box>
    );
  }
  if (isApiError(profile.error, 'not_found')) {
    return (
      <>
        <PageHeader title="User not found" back>
          This profile does not exist or is no longer available.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.home}>
          Go home
        </Button>
      </>
    );
  }
  if (profile.error) {
    return (
      <>
        <PageHeader title="Profile" back />
        <Alert severity="error">{errorMessage(profile.error)}</Alert>
      </>
    );
  }
  return <ProfileCard profile={profile.data} />;
}

function followerText(count: number): string {
  return `${formatCompactNumber(count)} ${count === 1 ? 'follower' : 'followers'}`;
}

function ProfileCard({ profile }: { profile: PublicProfile }) {
  const viewer = useSignedInUser();
  const own = viewer?.id === profile.userId;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <UserAvatar profile={profile} size={96} />
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {displayName(profile)}
      </Typography>
      {profile.handle && profile.publicName && <Typography color="text.secondary">@{profile.handle}</Typography>}
      {(profile.isCreator || profile.isVerified) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          {profile.isCreator && <Chip icon={<AutoAwesomeIcon />} label="Creator" color="primary" variant="outlined" />}
          {profile.isVerified && <Chip icon={<VerifiedIcon />} label="Verified" variant="outlined" />}
        </Box>
      )}
      {profile.isCreator && profile.followers !== null && (
        <Typography sx={{ fontWeight: 600 }}>{followerText(profile.followers)}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {lastOnlineText(profile.lastOnline)}
      </Typography>
      {own && (
        <Button variant="outlined" component={RouterLink} to={paths.personalDetails(profile.userId)} sx={{ mt: 1 }}>
          Personal details
        </Button>
      )}
    </Paper>
  );
}

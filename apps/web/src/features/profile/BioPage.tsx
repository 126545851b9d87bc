import { displayName } from '@aurum/core';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { profilePageQuery } from './api';
import { ProfileStates } from './ProfileStates';

/** The whole bio of a user. */
export default function BioPage() {
  const { userId = '' } = useParams();
  const profile = useQuery(profilePageQuery(userId));
  if (!profile.data)
    return <ProfileStates isPending={profile.isPending} error={profile.error} retry={() => profile.refetch()} title="Bio" />;
  const name = displayName(profile.data);
  return (
    <>
      <PageHeader title={`About ${name}`} back />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 3, justifyItems: 'start' }}>
        {profile.data.bio ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '1.05rem', lineHeight: 1.7 }}>
            {profile.data.bio}
          </Typography>
        ) : (
          <Typography color="text.secondary">{name} has not written a bio yet.</Typography>
        )}
        <Button variant="outlined" component={RouterLink} to={paths.user(profile.data.userId)}>
          View profile
        </Button>
      </Paper>
    </>
  );
}

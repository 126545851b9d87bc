import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { useSignedInUser } from '../auth/current-user';
import { ProfileDetailsForm } from '../auth/ProfileDetailsForm';

/** The owner's account: the sign-in address, and how others see them (handle, public name, avatar colour). Other people's details are private. */
export default function PersonalDetailsPage() {
  const { userId = '' } = useParams();
  const user = useSignedInUser();
  if (!user || user.id !== userId) return <Navigate to={paths.user(userId)} replace />;

  return (
    <>
      <PageHeader title="Personal details" back />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Paper
          component="section"
          aria-labelledby="account-title"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1 }}
        >
          <Typography id="account-title" variant="h2" sx={{ fontSize: '1.2rem' }}>
            Account
          </Typography>
          <Typography color="text.secondary">E-mail address</Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.email}</Typography>
          <Typography variant="body2" color="text.secondary">
            Your sign-in codes go to this address.
          </Typography>
        </Paper>
        <Paper
          component="section"
          aria-labelledby="profile-title"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2.5 }}
        >
          <Typography id="profile-title" variant="h2" sx={{ fontSize: '1.2rem' }}>
            Profile
          </Typography>
          <ProfileDetailsForm user={user} submitLabel="Save changes" onSaved={() => addSnack('Your details are saved.', 'success')} />
        </Paper>
        <Button variant="outlined" color="error" component={RouterLink} to={paths.deleteAccount} sx={{ justifySelf: 'start' }}>
          Delete account
        </Button>
      </Box>
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/PageHeader';
import { useSignedInUser } from '../auth/current-user';

/** The owner's account details, read-only for now. Other people's details are private. */
export default function PersonalDetailsPage() {
  const { userId = '' } = useParams();
  const user = useSignedInUser();
  if (!user || user.id !== userId) return <Navigate to={paths.user(userId)} replace />;

  const details: [string, string][] = [
    ['E-mail address', user.email],
    ['Name', user.name || '—'],
    ['Handle', user.handle ? `@${user.handle}` : '—'],
    ['Roles', user.roles.join(', ')],
  ];
  return (
    <>
      <PageHeader title="Personal details" back />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 3 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 1 }}>
          {details.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1.5, sm: 0 }, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Button variant="outlined" color="error" component={RouterLink} to={paths.deleteAccount} sx={{ justifySelf: 'start' }}>
          Delete account
        </Button>
      </Paper>
    </>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { isApiError } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';

/** Loading, not found and failure, shared by the profile and bio pages. Null once there is data. */
export function ProfileStates({ isPending, error, title }: { isPending: boolean; error: unknown; title: string }) {
  if (isPending) {
    return (
      <Box role="status" aria-label="Loading profile" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-hidden />
      </Box>
    );
  }
  if (isApiError(error, 'not_found') || isApiError(error, 'validation_failed')) {
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
  if (error) {
    return (
      <>
        <PageHeader title={title} back />
        <Alert severity="error">{errorMessage(error)}</Alert>
      </>
    );
  }
  return null;
}

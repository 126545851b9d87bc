import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../lib/api/client';
import { paths } from '../lib/paths';
import { PageLoading } from './LoadingOverlay';
import { PageHeader } from './PageHeader';
import { LoadFailed } from './RetryAlert';

/** Loading, not found and failure, shared by the profile and bio pages. Null once there is data. */
export function ProfileStates({
  isPending,
  error,
  retry,
  title,
}: {
  isPending: boolean;
  error: unknown;
  retry: () => void;
  title: string;
}) {
  if (isPending) return <PageLoading label="Loading profile" />;
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
  if (error) return <LoadFailed title={title} error={error} retry={retry} />;
  return null;
}

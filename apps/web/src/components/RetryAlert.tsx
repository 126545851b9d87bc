import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { isApiError, NetworkError } from '../lib/api/client';
import { useSignedInUser } from '../lib/current-user';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';
import { isOffline } from '../lib/query-client';
import { PageHeader } from './PageHeader';

/**
 * A failed load with the one action that helps: setting up two-step sign-in when the page
 * needs it (the admin area, payouts), else trying again; offline, it says so plainly.
 */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const user = useSignedInUser();
  const needsSecondFactor = isApiError(error, 'second_factor_required') && user !== null;
  const offline = error instanceof NetworkError && isOffline();
  return (
    <Alert
      severity={needsSecondFactor ? 'warning' : offline ? 'info' : 'error'}
      action={
        needsSecondFactor ? (
          <Button color="inherit" size="small" component={RouterLink} to={paths.personalDetails(user.id)}>
            Set up
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {needsSecondFactor
        ? 'This needs two-step sign-in: add a passkey or an authenticator app to your account, then come back.'
        : offline
          ? 'You are offline, and this device has not kept this page. It loads once you are back online.'
          : errorMessage(error)}
    </Alert>
  );
}

/** A page whose data failed to load: its title, the message and a retry. */
export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <>
      <PageHeader title={title} back />
      <RetryAlert error={error} onRetry={retry} />
    </>
  );
}

import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { isApiError } from '../../lib/api/client';
import { paths } from '../../lib/paths';

/** Loading, not found and failure of one subscription, shared by its page and its edit page. */
export function SubscriptionStates({ isPending, error, retry }: { isPending: boolean; error: unknown; retry: () => void }) {
  if (isPending) return <PageLoading label="Loading the subscription" />;
  if (isApiError(error) && (error.statusCode === 404 || isApiError(error, 'validation_failed'))) {
    return (
      <>
        <PageHeader title="Subscription not found" back>
          This subscription does not exist, or it is not yours.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.subscriptions}>
          Your subscriptions
        </Button>
      </>
    );
  }
  return <LoadFailed title="Subscription" error={error} retry={retry} />;
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../lib/errors';
import { PageHeader } from './PageHeader';

/** A failed load with a way to try again. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
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

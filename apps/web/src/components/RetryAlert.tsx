import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../lib/errors';

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

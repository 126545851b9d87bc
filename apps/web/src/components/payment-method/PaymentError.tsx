import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { isApiError } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';

/** Why a payment did not go through; a decline carries the provider's message and the way out. */
export function PaymentError({ error }: { error: unknown }) {
  if (isApiError(error, 'payment_declined')) {
    return (
      <Alert severity="error">
        <AlertTitle>Payment declined</AlertTitle>
        {error.message} Choose another payment method or add a new one.
      </Alert>
    );
  }
  return <Alert severity="error">{errorMessage(error)}</Alert>;
}

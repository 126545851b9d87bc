import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isApiError } from '../../lib/api/client';
import { paymentsConfigQuery } from '../../lib/payment-methods';
import { PageLoading } from '../LoadingOverlay';
import { RetryAlert } from '../RetryAlert';
import { DevPaymentForm } from './DevPaymentForm';
import type { AddPaymentMethodFormProps } from './useSavePaymentMethod';

// Stripe.js stays out of every bundle until a Stripe-configured server asks for card details.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** Adds a card or PayPal account with whatever provider this server is set up with. */
export function AddPaymentMethodForm(props: AddPaymentMethodFormProps) {
  const config = useQuery(paymentsConfigQuery);
  const loading = <PageLoading label="Loading the payment form" />;
  if (config.isPending) return loading;
  if (isApiError(config.error, 'payments_unavailable')) {
    return (
      <Alert severity="info">
        <AlertTitle>Payments are not set up</AlertTitle>
        This server cannot take payments yet, so payment methods cannot be added. Its administrator has to set up a payment provider first.
      </Alert>
    );
  }
  if (config.error) {
    return <RetryAlert error={config.error} onRetry={() => config.refetch()} />;
  }
  if (config.data.provider === 'stripe') {
    return (
      <Suspense fallback={loading}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...props} />
      </Suspense>
    );
  }
  return <DevPaymentForm {...props} />;
}

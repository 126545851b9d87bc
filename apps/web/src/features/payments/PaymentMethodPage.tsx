import { type PaymentMethod, paymentMethodText } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DetailList } from '../../components/DetailList';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { brandName, expiryText, isExpired } from '../../components/payment-method/method-details';
import { LoadFailed } from '../../components/RetryAlert';
import { isApiError } from '../../lib/api/client';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { paymentMethodQuery } from './api';
import { PaymentMethodActions } from './PaymentMethodActions';
import { PaymentMethodIcon } from './PaymentMethodIcon';

/** /payment-methods/{methodId}: one saved method, to read, make default or remove. */
export default function PaymentMethodPage() {
  const { methodId = '' } = useParams();
  const method = useQuery(paymentMethodQuery(methodId));
  if (method.isPending) return <PageLoading label="Loading the payment method" />;
  if (isApiError(method.error) && (method.error.statusCode === 404 || isApiError(method.error, 'validation_failed'))) {
    return (
      <>
        <PageHeader title="Payment method not found" back>
          This payment method does not exist or was removed.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.paymentMethods}>
          Your payment methods
        </Button>
      </>
    );
  }
  if (method.error) return <LoadFailed title="Payment method" error={method.error} retry={() => method.refetch()} />;
  return <MethodDetails method={method.data} />;
}

function MethodDetails({ method }: { method: PaymentMethod }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title={paymentMethodText(method)} back />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <PaymentMethodIcon method={method} color="primary" />
          {method.isDefault ? (
            <Chip label="Default" color="primary" size="small" />
          ) : (
            <Typography color="text.secondary">Not your default method</Typography>
          )}
        </Box>
        <DetailList
          rows={[
            ['Type', method.type === 'paypal' ? 'PayPal' : method.type === 'card' ? 'Card' : method.type],
            ['Brand', brandName(method.brand)],
            [isExpired(method) ? 'Expired' : 'Expires', expiryText(method)],
            ['E-mail address', method.email],
            ['Added', formatDate(method.createdAt)],
          ]}
        />
        <PaymentMethodActions method={method} onRemoved={() => navigate(paths.paymentMethods, { replace: true })} />
      </Paper>
    </Box>
  );
}

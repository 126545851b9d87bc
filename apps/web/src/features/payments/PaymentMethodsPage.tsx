import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { AddPaymentMethodForm } from '../../components/payment-method/AddPaymentMethodForm';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { paymentMethodsQuery } from '../../lib/payment-methods';
import { PaymentMethodList } from './PaymentMethodList';

const TITLE = 'Payment methods';

/** /payment-methods: the member's saved cards and PayPal accounts, and a form to add one. */
export default function PaymentMethodsPage() {
  const methods = useQuery(paymentMethodsQuery);
  const [adding, setAdding] = useState(false);
  if (methods.isPending) return <PageLoading label="Loading your payment methods" />;
  if (methods.error) return <LoadFailed title={TITLE} error={methods.error} retry={() => methods.refetch()} />;
  const saved = methods.data;
  const showForm = adding || saved.length === 0;
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title={TITLE}>
        How you pay for subscriptions, tips and unlocks. Renewals are charged to each subscription’s method.{' '}
        <Link component={RouterLink} to={paths.payments}>
          Your payments
        </Link>
      </PageHeader>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {saved.length > 0 && <PaymentMethodList methods={saved} />}
        {showForm ? (
          <SectionCard title="Add payment method">
            {saved.length === 0 && <Typography color="text.secondary">You have no saved payment methods yet.</Typography>}
            <AddPaymentMethodForm
              onSaved={() => {
                setAdding(false);
                addSnack('Payment method saved.', 'success');
              }}
              onCancel={saved.length > 0 ? () => setAdding(false) : undefined}
            />
          </SectionCard>
        ) : (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ justifySelf: 'start' }}>
            Add payment method
          </Button>
        )}
      </Box>
    </Box>
  );
}

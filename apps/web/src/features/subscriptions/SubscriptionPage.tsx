import { displayName, PLAN_PERKS, paymentMethodText, type Subscription } from '@aurum/core';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { DetailList } from '../../components/DetailList';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { cancelSubscription, changeSubscriptionPaymentMethod, refreshAfterSubscriptionChange, subscriptionQuery } from './api';
import { CreatorLine } from './CreatorLine';
import { SubscriptionStates } from './SubscriptionStates';
import { SubscriptionStatusChip } from './SubscriptionStatusChip';
import { paymentTerms, subscriptionDateLine } from './status';

/** /subscriptions/{subId}: one subscription, with cancel and links to change its payment method or plan. */
export default function SubscriptionPage() {
  const { subId = '' } = useParams();
  const subscription = useQuery(subscriptionQuery(subId));
  if (!subscription.data) {
    return <SubscriptionStates isPending={subscription.isPending} error={subscription.error} retry={() => subscription.refetch()} />;
  }
  return <SubscriptionDetails subscription={subscription.data} />;
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { creator, plan, status } = subscription;
  const terms = paymentTerms(subscription);
  const name = displayName(creator);
  const ended = status === 'expired';
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title={`Subscription to ${name}`} back />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {status === 'past_due' && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" component={RouterLink} to={paths.editSubscription(subscription.id)}>
                Update
              </Button>
            }
          >
            <AlertTitle>The renewal payment failed</AlertTitle>
            Update your payment method so your subscription can renew. Aurum tries again with the new method straight away.
          </Alert>
        )}
        {status === 'canceled' && (
          <Alert severity="info" action={<ResumeRenewal subscription={subscription} />}>
            Renewal is off: you keep access until {formatDate(subscription.validUntil)}.
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={paths.user(creator.userId)} color="inherit" underline="none">
              <CreatorLine creator={creator} />
            </Link>
            <SubscriptionStatusChip subscription={subscription} />
          </Box>
          <DetailList
            rows={[
              ['Plan', plan.name],
              ['Price', `${terms.price} per ${terms.per}`],
              ['Perks', plan.perks.chat ? PLAN_PERKS.chat.name : null],
              ['Access', subscriptionDateLine(subscription)],
              ['Payment method', paymentMethodText(subscription.paymentMethod)],
              subscription.refundedAt
                ? [
                    'Refunded',
                    `${formatDate(subscription.refundedAt)}${subscription.paidAt ? ` (paid ${formatDate(subscription.paidAt)})` : ''}`,
                  ]
                : ['Last payment', subscription.paidAt && formatDate(subscription.paidAt)],
              ['Subscribed since', formatDate(subscription.createdAt)],
            ]}
          />
          {ended ? (
            <Button variant="contained" component={RouterLink} to={paths.subscribeTo(creator.userId)} sx={{ justifySelf: 'start' }}>
              Subscribe again
            </Button>
          ) : (
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button variant="outlined" component={RouterLink} to={paths.editSubscription(subscription.id)}>
                Change payment method
              </Button>
              <Button variant="outlined" component={RouterLink} to={paths.editSubscription(subscription.id)}>
                Change plan
              </Button>
              {subscription.autoRenew && <CancelSubscription subscription={subscription} />}
            </Box>
          )}
        </Paper>
      </Box>
    </Box>
  );
}

/**
 * Turns renewal back on with the method it was paid with; without one (removed since), the
 * member picks a method, which turns renewal on as well.
 */
function ResumeRenewal({ subscription }: { subscription: Subscription }) {
  const queryClient = useQueryClient();
  const method = subscription.paymentMethod;
  const resume = useMutation({
    mutationFn: (paymentMethodId: string) => changeSubscriptionPaymentMethod(subscription.id, paymentMethodId),
    onSuccess: (resumed) => {
      refreshAfterSubscriptionChange(queryClient, resumed);
      addSnack(`Renewal is back on. It renews on ${formatDate(resumed.validUntil)}.`, 'success');
    },
    onError: (error) => addSnack(errorMessage(error), 'error'),
  });
  if (!method) {
    return (
      <Button color="inherit" size="small" component={RouterLink} to={paths.editSubscription(subscription.id)}>
        Resume
      </Button>
    );
  }
  return (
    <Button color="inherit" size="small" loading={resume.isPending} onClick={() => resume.mutate(method.id)}>
      Resume
    </Button>
  );
}

function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const until = formatDate(subscription.validUntil);
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(subscription.id),
    onSuccess: (canceled) => {
      setConfirming(false);
      refreshAfterSubscriptionChange(queryClient, canceled);
      addSnack(`Subscription canceled. You keep access until ${formatDate(canceled.validUntil)}.`, 'success');
    },
  });
  return (
    <>
      <Button
        color="error"
        onClick={() => {
          cancel.reset();
          setConfirming(true);
        }}
      >
        Cancel subscription
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="cancel-subscription-title"
        aria-describedby="cancel-subscription-text"
      >
        <DialogTitle id="cancel-subscription-title">Cancel your subscription?</DialogTitle>
        <DialogContent>
          <DialogContentText id="cancel-subscription-text">You keep access until {until}.</DialogContentText>
          {cancel.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(cancel.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep subscription</Button>
          <Box>
            <BlockButton size="medium" color="error" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel subscription
            </BlockButton>
          </Box>
        </DialogActions>
      </Dialog>
    </>
  );
}

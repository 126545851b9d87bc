import { displayName, formatMoney, paymentMethodText, SUBSCRIPTION_PERIOD_DAYS, type Subscription } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { PaymentError } from '../../components/payment-method/PaymentError';
import { PaymentMethodPicker, usePaymentMethodChoice } from '../../components/payment-method/PaymentMethodPicker';
import { RetryAlert } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { outcomeUnknown, useAttemptKeys } from '../../lib/payment-attempt';
import { profilePageQuery } from '../../lib/profile-page';
import {
  type ChangePlanInput,
  changeSubscriptionPaymentMethod,
  changeSubscriptionPlan,
  planChangeQuoteQuery,
  refreshAfterSubscriptionChange,
  subscriptionQuery,
} from './api';
import { PlanChoice } from './PlanChoice';
import { SubscriptionStates } from './SubscriptionStates';

/** /subscriptions/{subId}/edit: change the payment method (which turns renewal back on) or the plan. */
export default function EditSubscriptionPage() {
  const { subId = '' } = useParams();
  const subscription = useQuery(subscriptionQuery(subId));
  if (!subscription.data) {
    return <SubscriptionStates isPending={subscription.isPending} error={subscription.error} retry={() => subscription.refetch()} />;
  }
  const current = subscription.data;
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title="Change subscription" back>
        {displayName(current.creator)} · {current.plan.name}
      </PageHeader>
      {current.status === 'expired' ? (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Typography>This subscription has ended, so it can no longer be changed.</Typography>
          <Button variant="contained" component={RouterLink} to={paths.subscribeTo(current.creator.userId)}>
            Subscribe again
          </Button>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <ChangePaymentMethod subscription={current} />
          <ChangePlan subscription={current} />
        </Box>
      )}
    </Box>
  );
}

function ChangePaymentMethod({ subscription }: { subscription: Subscription }) {
  const queryClient = useQueryClient();
  const methods = usePaymentMethodChoice(subscription.paymentMethod?.id ?? null);
  const save = useMutation({
    mutationFn: (methodId: string) => changeSubscriptionPaymentMethod(subscription.id, methodId),
    onSuccess: (updated) => {
      refreshAfterSubscriptionChange(queryClient, updated);
      addSnack(`Renewals are now paid with ${paymentMethodText(updated.paymentMethod)}.`, 'success');
    },
  });
  // Saving the same method again only helps a subscription that is not renewing normally.
  const unchanged = methods.selectedId === subscription.paymentMethod?.id && subscription.status === 'active';
  return (
    <SectionCard title="Payment method">
      <Typography color="text.secondary">
        Renewals are charged to this method. Saving it turns renewal back on if you had canceled
        {subscription.status === 'past_due' ? ', and the failed renewal is tried again straight away' : ''}.
      </Typography>
      <PaymentMethodPicker choice={methods} disabled={save.isPending} />
      {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <BlockButton
        onClick={() => methods.selectedId && save.mutate(methods.selectedId)}
        loading={save.isPending}
        disabled={!methods.selectedId || unchanged}
      >
        Use this payment method
      </BlockButton>
    </SectionCard>
  );
}

function ChangePlan({ subscription }: { subscription: Subscription }) {
  const creatorId = subscription.creator.userId;
  const profile = useQuery(profilePageQuery(creatorId));
  const [planId, setPlanId] = useState<string | null>(null);
  const plans = profile.data?.plans ?? [];
  const others = plans.filter((plan) => plan.id !== subscription.plan.id);
  return (
    <SectionCard title="Plan">
      {profile.isPending ? (
        <PageLoading label="Loading the plans" />
      ) : profile.error ? (
        <RetryAlert error={profile.error} onRetry={() => profile.refetch()} />
      ) : others.length === 0 ? (
        <Typography color="text.secondary">{displayName(subscription.creator)} offers no other plan right now.</Typography>
      ) : (
        <>
          <PlanChoice
            plans={plans}
            value={planId}
            onChange={setPlanId}
            currentPlanId={subscription.plan.id}
            legend="Move to another plan"
          />
          {planId && <PlanChangeQuote key={planId} subscription={subscription} planId={planId} />}
        </>
      )}
    </SectionCard>
  );
}

/** The price of the move, fetched afresh, and the confirmation; a price that changed meanwhile is shown again before anything is paid. */
function PlanChangeQuote({ subscription, planId }: { subscription: Subscription; planId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const quote = useQuery(planChangeQuoteQuery(subscription.id, planId));
  const keys = useAttemptKeys();
  const change = useMutation({
    mutationFn: (input: ChangePlanInput) => changeSubscriptionPlan(subscription.id, input),
    onSuccess: (updated) => {
      keys.settled();
      refreshAfterSubscriptionChange(queryClient, updated);
      addSnack(`Your plan is now ${updated.plan.name}.`, 'success');
      navigate(paths.subscription(updated.id), { replace: true });
    },
    onError: (error) => {
      keys.settled(error);
      if (isApiError(error, 'quote_changed')) void quote.refetch();
    },
  });

  if (quote.isPending) return <PageLoading label="Working out the price" />;
  if (quote.error) return <RetryAlert error={quote.error} onRetry={() => quote.refetch()} />;
  const { amountDueMinor, nextRenewalPriceMinor, currency, validUntil } = quote.data;
  const from = formatDate(validUntil);
  const next = formatMoney({ amountMinor: nextRenewalPriceMinor, currency });
  const retrying = change.error !== null && outcomeUnknown(change.error);
  return (
    <Box role="region" aria-label="Price of the change" sx={{ display: 'grid', gap: 2 }}>
      <Typography sx={{ fontSize: '1.05rem' }} aria-live="polite">
        {amountDueMinor === 0
          ? `Nothing to pay now; from ${from} you pay ${next} every ${SUBSCRIPTION_PERIOD_DAYS} days.`
          : `You pay ${formatMoney({ amountMinor: amountDueMinor, currency })} now; from ${from} you pay ${next} every ${SUBSCRIPTION_PERIOD_DAYS} days.`}
      </Typography>
      {change.error &&
        (isApiError(change.error, 'quote_changed') || retrying ? (
          <Alert severity="warning">{errorMessage(change.error)}</Alert>
        ) : (
          <PaymentError error={change.error} />
        ))}
      <BlockButton
        loading={change.isPending || quote.isFetching}
        onClick={() =>
          change.mutate({
            planId,
            expectedAmountMinor: amountDueMinor,
            idempotencyKey: keys.keyFor(`${planId}:${amountDueMinor}`),
          })
        }
      >
        {retrying ? 'Try again' : 'Change plan'}
      </BlockButton>
    </Box>
  );
}

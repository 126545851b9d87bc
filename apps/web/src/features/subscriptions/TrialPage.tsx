import { displayName, formatMoney, type TrialOffer, trialUnavailableMessage } from '@aurum/core';
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
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { claimTrial, refreshAfterSubscriptionChange, trialOfferQuery } from './api';
import { CreatorLine } from './CreatorLine';

const TITLE = 'Free trial';

/** /trial/{code}: a creator's free-trial link: the plan, the days free, and the claim with a saved method. */
export default function TrialPage() {
  const { code = '' } = useParams();
  const offer = useQuery(trialOfferQuery(code));
  if (offer.isPending) return <PageLoading label="Loading the free trial" />;
  if (isApiError(offer.error, 'not_found') || isApiError(offer.error, 'validation_failed')) {
    return (
      <>
        <PageHeader title="Free trial not found">This link does not lead to a free trial. Check it with whoever shared it.</PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.explore}>
          Explore creators
        </Button>
      </>
    );
  }
  if (offer.error) return <LoadFailed title={TITLE} error={offer.error} retry={() => offer.refetch()} />;
  return <Trial offer={offer.data} />;
}

function Trial({ offer }: { offer: TrialOffer }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const methods = usePaymentMethodChoice();
  // When the trial would end if claimed now: shown, not sent (the server dates it).
  const [endsAt] = useState(() => new Date(Date.now() + offer.days * 24 * 60 * 60 * 1000));
  const name = displayName(offer.creator);
  const price = formatMoney({ amountMinor: offer.plan.priceMinor, currency: offer.plan.currency });
  const claim = useMutation({
    mutationFn: ({ paymentMethodId }: { paymentMethodId: string }) => claimTrial(offer.code, paymentMethodId),
    onSuccess: (subscription) => {
      refreshAfterSubscriptionChange(queryClient, subscription);
      addSnack(`Your free trial with ${name} has started.`, 'success');
      navigate(paths.user(offer.creator.userId), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error, 'trial_unavailable')) void queryClient.invalidateQueries({ queryKey: queryKeys.trials.offer(offer.code) });
    },
  });
  const failure = methods.failureOf(claim);
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title={`${offer.days === 1 ? '1 day' : `${offer.days} days`} free with ${name}`}>
        A free trial of {offer.plan.name}: everything it includes, free until {formatDate(endsAt)}.
      </PageHeader>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Paper component="section" aria-label="Creator" variant="outlined" sx={{ p: 2 }}>
          <CreatorLine creator={offer.creator} size={56} />
        </Paper>
        <SectionCard title={offer.plan.name}>
          {offer.plan.description && <Typography sx={{ overflowWrap: 'anywhere' }}>{offer.plan.description}</Typography>}
          {offer.plan.perks.chat && <Typography color="text.secondary">Includes chat with {name}.</Typography>}
        </SectionCard>
        {offer.unavailable ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" component={RouterLink} to={paths.user(offer.creator.userId)}>
                See {name}
              </Button>
            }
          >
            {trialUnavailableMessage(offer.unavailable)}
          </Alert>
        ) : (
          <>
            <SectionCard title="Payment method">
              <Typography color="text.secondary">Nothing is charged now: your method pays when the trial ends.</Typography>
              <PaymentMethodPicker choice={methods} disabled={claim.isPending} />
            </SectionCard>
            <Paper component="section" aria-label="Summary" variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2 }}>
              <Typography sx={{ fontSize: '1.05rem' }}>
                Free until {formatDate(endsAt)}, then {price} every 30 days until you cancel. Turn renewal off before then and you pay
                nothing; we remind you two days before.
              </Typography>
              {failure && <PaymentError error={failure} />}
              <BlockButton
                onClick={() => methods.selectedId && claim.mutate({ paymentMethodId: methods.selectedId })}
                loading={claim.isPending}
                disabled={!methods.selectedId}
              >
                Start free trial
              </BlockButton>
            </Paper>
          </>
        )}
      </Box>
    </Box>
  );
}

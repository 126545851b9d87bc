import {
  discountedAmount,
  displayName,
  formatMoney,
  type MemberOffer,
  type OfferAudience,
  offerLabel,
  type Plan,
  type ProfilePage,
  periodsPrice,
  type SubscriptionItem,
  type SubscriptionMonths,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageHeader } from '../../components/PageHeader';
import { ProfileStates } from '../../components/ProfileStates';
import { PaymentError } from '../../components/payment-method/PaymentError';
import { PaymentMethodPicker, usePaymentMethodChoice } from '../../components/payment-method/PaymentMethodPicker';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { useSignedInUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { paths, type SubscribeLinkState } from '../../lib/paths';
import { outcomeUnknown, useAttemptKeys } from '../../lib/payment-attempt';
import { refreshAfterDecline } from '../../lib/payment-methods';
import { planPrice } from '../../lib/plans';
import { profilePageQuery } from '../../lib/profile-page';
import { queryKeys } from '../../lib/query-keys';
import { memberOffersQuery, refreshAfterSubscriptionChange, type SubscribeInput, subscribe } from './api';
import { CreatorLine } from './CreatorLine';
import { LengthChoice } from './LengthChoice';

const OFFER_TITLES: Record<OfferAudience, string> = {
  new: 'New member offer',
  returning: 'Welcome back offer',
  link: 'Your offer',
};

/** Of the offers a member may use, the one that takes the most off this plan's payment now. */
function bestOffer(offers: readonly MemberOffer[], planId: string | undefined, listAmountMinor: number): MemberOffer | null {
  let best: MemberOffer | null = null;
  for (const offer of offers) {
    if (offer.planId !== planId) continue;
    if (!best || discountedAmount(listAmountMinor, offer) < discountedAmount(listAmountMinor, best)) best = offer;
  }
  return best;
}

/** What the member pays now, for how long, and after: a month or a bundle, with a discount or without. */
function paymentSummary(
  plan: Pick<Plan, 'currency' | 'billingPeriodDays'>,
  months: number,
  listAmountMinor: number,
  amountMinor: number,
  offer: MemberOffer | null,
): string {
  const money = (minor: number) => formatMoney({ amountMinor: minor, currency: plan.currency });
  const every = months === 1 ? `every ${plan.billingPeriodDays} days` : `every ${months} months`;
  if (!offer) {
    return months === 1
      ? `You pay ${money(amountMinor)} now, then ${every} until you cancel.`
      : `You pay ${money(amountMinor)} now for ${months} months (${months * plan.billingPeriodDays} days), then the same ${every} until you cancel.`;
  }
  const length = months === 1 ? `${plan.billingPeriodDays} days` : `${months} months (${months * plan.billingPeriodDays} days)`;
  const also = offer.payments > 1 ? `; the discount also comes off your next ${offer.payments - 1} payments` : '';
  return `You pay ${money(amountMinor)} now instead of ${money(listAmountMinor)} for ${length}${also}, then ${money(listAmountMinor)} ${every} until you cancel.`;
}

import { PlanChoice } from './PlanChoice';

/** /users/subscribeTo/{creatorId}: pick one of the creator's plans and a payment method, then pay and subscribe. */
export default function SubscribePage() {
  const { creatorId = '' } = useParams();
  const profile = useQuery(profilePageQuery(creatorId));
  if (!profile.data)
    return <ProfileStates isPending={profile.isPending} error={profile.error} retry={() => profile.refetch()} title="Subscribe" />;
  return <Subscribe creator={profile.data} />;
}

function Subscribe({ creator }: { creator: ProfilePage }) {
  const viewer = useSignedInUser();
  const name = displayName(creator);
  const existing = viewer?.subscriptions.find((item) => item.creatorId === creator.userId);
  let content: ReactNode;
  if (viewer?.id === creator.userId) {
    content = <Alert severity="info">This is you: members subscribe to your plans from your profile.</Alert>;
  } else if (existing) {
    content = <CurrentSubscription item={existing} creator={creator} />;
  } else if (creator.plans.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Typography>{name} offers no plans right now, so there is nothing to subscribe to yet.</Typography>
        <Button variant="outlined" component={RouterLink} to={paths.user(creator.userId)}>
          Back to {name}
        </Button>
      </Paper>
    );
  } else {
    content = <SubscribeForm creator={creator} />;
  }
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title="Subscribe" back />
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Paper component="section" aria-label="Creator" variant="outlined" sx={{ p: 2 }}>
          <CreatorLine creator={creator} size={56} />
        </Paper>
        {content}
      </Box>
    </Box>
  );
}

/** The member already subscribes: a second subscription is refused, so offer to change the plan instead. */
function CurrentSubscription({ item, creator }: { item: SubscriptionItem; creator: ProfilePage }) {
  const plan = creator.plans.find((offered) => offered.id === item.planId);
  const until = formatDate(item.validUntil);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
        You already subscribe to {displayName(creator)}
      </Typography>
      <Typography color="text.secondary">
        {plan ? `${plan.name}, ${planPrice(plan)}. ` : ''}
        {item.autoRenew ? `Renews on ${until}.` : `Access until ${until}.`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={paths.editSubscription(item.id)}>
          Change plan
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.subscription(item.id)}>
          View subscription
        </Button>
      </Box>
    </Paper>
  );
}

function SubscribeForm({ creator }: { creator: ProfilePage }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const linkState = (useLocation().state as SubscribeLinkState | null) ?? {};
  const [pickedPlanId, setPickedPlanId] = useState(linkState.planId ?? null);
  // The API sends the cheapest plan first; that is the one preselected unless the link named another.
  const plan = creator.plans.find((offered) => offered.id === pickedPlanId) ?? creator.plans[0];
  const [pickedMonths, setMonths] = useState<SubscriptionMonths>(1);
  // A length the picked plan does not sell falls back to a month.
  const months = plan && periodsPrice(plan, pickedMonths) !== null ? pickedMonths : 1;
  const listAmountMinor = plan ? (periodsPrice(plan, months) ?? plan.priceMinor) : 0;
  // The best discount the member may use on this plan: for them, or the one whose link they came by.
  const offerCode = new URLSearchParams(useLocation().search).get('offer');
  const offers = useQuery(memberOffersQuery(creator.userId, offerCode));
  const offer = bestOffer(offers.data ?? [], plan?.id, listAmountMinor);
  const amountMinor = offer ? discountedAmount(listAmountMinor, offer) : listAmountMinor;
  const methods = usePaymentMethodChoice();
  const keys = useAttemptKeys();
  const name = displayName(creator);

  const submit = useMutation({
    mutationFn: (input: SubscribeInput) => subscribe(input),
    onSuccess: (subscription) => {
      keys.settled();
      refreshAfterSubscriptionChange(queryClient, subscription);
      addSnack(`Subscribed to ${name}`, 'success');
      navigate(linkState.from ?? paths.user(creator.userId), { replace: true });
    },
    onError: (error) => {
      keys.settled(error);
      refreshAfterDecline(queryClient, error);
      // What the page shows is out of date: another device subscribed, or the creator withdrew the plan.
      if (isApiError(error, 'already_subscribed')) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      if (isApiError(error, 'plan_unavailable') || isApiError(error, 'quote_changed') || isApiError(error, 'offer_unavailable')) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.profilePage.one(creator.userId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.offers.forMember(creator.userId, offerCode) });
      }
    },
  });
  const failure = methods.failureOf(submit);
  const retrying = failure !== null && outcomeUnknown(failure);

  const confirm = () => {
    if (!plan || !methods.selectedId) return;
    const input = {
      planId: plan.id,
      paymentMethodId: methods.selectedId,
      months,
      expectedAmountMinor: amountMinor,
      ...(offer ? { offerCode: offer.code } : {}),
    };
    submit.mutate({ ...input, idempotencyKey: keys.keyFor(`${input.planId}:${input.paymentMethodId}:${months}:${amountMinor}`) });
  };

  return (
    <>
      <SectionCard title="Plan">
        <PlanChoice plans={creator.plans} value={plan?.id ?? null} onChange={setPickedPlanId} disabled={submit.isPending} />
        {plan && plan.bundles.length > 0 && <LengthChoice plan={plan} value={months} onChange={setMonths} disabled={submit.isPending} />}
      </SectionCard>
      <SectionCard title="Payment method">
        <PaymentMethodPicker choice={methods} disabled={submit.isPending} />
      </SectionCard>
      {plan && (
        <Paper component="section" aria-label="Summary" variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2 }}>
          {offer && (
            <Typography color="primary.main" sx={{ fontWeight: 700 }}>
              {OFFER_TITLES[offer.audience]}: {offerLabel(offer, (minor) => formatMoney({ amountMinor: minor, currency: plan.currency }))}
            </Typography>
          )}
          <Typography sx={{ fontSize: '1.05rem' }}>{paymentSummary(plan, months, listAmountMinor, amountMinor, offer)}</Typography>
          {failure && (retrying ? <Alert severity="warning">{errorMessage(failure)}</Alert> : <PaymentError error={failure} />)}
          <BlockButton onClick={confirm} loading={submit.isPending} disabled={!methods.selectedId}>
            {retrying ? 'Try again' : 'Confirm'}
          </BlockButton>
          {!methods.selectedId && !methods.methods.isPending && (
            <Typography variant="body2" color="text.secondary">
              Add a payment method to continue.
            </Typography>
          )}
        </Paper>
      )}
    </>
  );
}

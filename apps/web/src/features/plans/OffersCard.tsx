import { createOfferSchema, formatMoney, type Offer, type OfferAudience, type OfferKind, offerLabel, type Plan } from '@aurum/core';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedResults } from '../../components/PagedResults';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { parsePrice } from '../../lib/price';
import { queryKeys } from '../../lib/query-keys';
import { createOffer, offersQuery, stopOffer } from './api';
import { EndField, endOf, LimitField, limitOf, MakeDialog, PlanSelect, StopButton } from './plan-extras';

const AUDIENCES: Record<OfferAudience, string> = {
  new: 'New members',
  returning: 'Members coming back',
  link: 'Anyone with the link',
};

/** The address of a link offer: the creator's subscribe page, with the offer's code. */
const offerUrl = (creatorId: string, offer: Pick<Offer, 'code'>) =>
  new URL(`${paths.subscribeTo(creatorId)}?offer=${offer.code}`, window.location.origin).toString();

function closedReason(offer: Offer, now = Date.now()): string | null {
  if (offer.disabledAt) return 'Stopped';
  if (offer.endsAt && Date.parse(offer.endsAt) <= now) return 'Ended';
  if (offer.maxRedemptions !== null && offer.redemptions >= offer.maxRedemptions) return 'All used';
  if (Date.parse(offer.startsAt) > now) return 'Not started';
  return null;
}

/** The creator's discounts: what each takes off, for whom, how many used it; a new one; stopping one. */
export function OffersCard({ creatorId, plans }: { creatorId: string; plans: readonly Plan[] }) {
  const offers = useInfiniteQuery(offersQuery);
  const [creating, setCreating] = useState(false);
  const offered = plans.filter((plan) => plan.active);
  return (
    <SectionCard title="Discounts">
      <Typography color="text.secondary">
        Take a percentage or an amount off a member’s first payment, or first few: for new members, members coming back, or anyone you give
        the link. Members see the price with the discount before they pay.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<LocalOfferIcon />}
        onClick={() => setCreating(true)}
        disabled={offered.length === 0}
        sx={{ justifySelf: 'start' }}
      >
        New discount
      </Button>
      <PagedResults
        query={offers}
        label="Discounts"
        loadingLabel="Loading your discounts"
        nested
        empty={{ title: 'No discounts yet', text: 'A new discount shows here with how many members used it.' }}
        moreLabel="Load more discounts"
        moreLoadingLabel="Loading more discounts…"
        renderItem={(offer) => <OfferRow key={offer.id} creatorId={creatorId} offer={offer} />}
      />
      {creating && <NewOfferDialog plans={offered} onClose={() => setCreating(false)} />}
    </SectionCard>
  );
}

function OfferRow({ creatorId, offer }: { creatorId: string; offer: Offer }) {
  const closed = closedReason(offer);
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: offer.plan.currency });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {offer.plan.name}: {offerLabel(offer, money)}
        </Typography>
        {closed && <Chip size="small" variant="outlined" label={closed} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {AUDIENCES[offer.audience]} · used {offer.redemptions}
        {offer.maxRedemptions !== null ? ` of ${offer.maxRedemptions}` : ''}{' '}
        {offer.maxRedemptions === 1 || (offer.maxRedemptions === null && offer.redemptions === 1) ? 'time' : 'times'}
        {offer.endsAt ? ` · ${Date.parse(offer.endsAt) > Date.now() ? 'ends' : 'ended'} ${formatDateTime(offer.endsAt)}` : ''}
      </Typography>
      {offer.audience === 'link' && (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {offerUrl(creatorId, offer)}
        </Typography>
      )}
      {!closed && <StopButton stop={() => stopOffer(offer.id)} listKey={queryKeys.offers.own} done="The discount is stopped." />}
    </Paper>
  );
}

/** A new discount: on which plan, what it takes off and how many payments, for whom, and optionally until when and how often. */
function NewOfferDialog({ plans, onClose }: { plans: readonly Plan[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [planId, setPlanId] = useState(plans[0]?.id ?? '');
  const [audience, setAudience] = useState<OfferAudience>('new');
  const [kind, setKind] = useState<OfferKind>('percent');
  const [value, setValue] = useState('20');
  const [payments, setPayments] = useState('1');
  const [limit, setLimit] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const plan = plans.find((offered) => offered.id === planId);
  const amount = kind === 'amount' && plan ? parsePrice(value, plan.currency) : null;
  const input = createOfferSchema.safeParse({
    planId,
    audience,
    kind,
    value: kind === 'percent' ? Number(value) : amount?.ok ? amount.minor : Number.NaN,
    payments: Number(payments),
    maxRedemptions: limitOf(limit),
    endsAt: endOf(endsAt),
  });
  const problem = (field: string) => input.error?.issues.find((issue) => issue.path[0] === field)?.message;
  const create = useMutation({
    mutationFn: createOffer,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.offers.own });
      addSnack('Discount made.', 'success');
      onClose();
    },
  });
  return (
    <MakeDialog
      title="New discount"
      submitLabel="Make discount"
      pending={create.isPending}
      error={create.error}
      canSubmit={input.success}
      onSubmit={() => input.success && create.mutate(input.data)}
      onClose={onClose}
    >
      <PlanSelect plans={plans} value={planId} onChange={setPlanId} />
      <TextField select label="For" value={audience} onChange={(event) => setAudience(event.target.value as OfferAudience)}>
        {Object.entries(AUDIENCES).map(([key, label]) => (
          <MenuItem key={key} value={key}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField select label="Takes off" value={kind} onChange={(event) => setKind(event.target.value as OfferKind)}>
          <MenuItem value="percent">A percentage</MenuItem>
          <MenuItem value="amount">An amount</MenuItem>
        </TextField>
        <TextField
          label={kind === 'percent' ? 'Percent off' : `Amount off (${plan?.currency ?? ''})`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(problem('value'))}
          helperText={problem('value') ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <TextField
        label="Payments it takes off"
        value={payments}
        onChange={(event) => setPayments(event.target.value)}
        error={Boolean(problem('payments'))}
        helperText={problem('payments') ?? 'The first payment, or the first few.'}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <LimitField label="Most uses (optional)" value={limit} onChange={setLimit} problem={problem('maxRedemptions')} />
      <EndField value={endsAt} onChange={setEndsAt} helperText="Leave empty to keep it going." />
    </MakeDialog>
  );
}

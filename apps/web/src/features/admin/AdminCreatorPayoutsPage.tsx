import {
  type AdminCreatorPayouts,
  AUDIT_REASON_MAX,
  type CurrencyBalance,
  formatMoney,
  MAX_CREATOR_HOLD_DAYS,
  type ProviderAccount,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { ActionDialog } from './ActionDialog';
import { adminCreatorPayoutsQuery, holdCreatorPayouts, setCreatorHold } from './api';
import { PAYOUT_PROVIDER_LABELS, PROVIDER_ACCOUNT_STATE_LABELS, WITHDRAW_BLOCK_LABELS } from './labels';
import { adminDateTime, personName } from './MoneyList';

const TITLE = 'Creator payouts';

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** /admin/payouts/creators/:creatorId: a creator's balances, how long their earnings are held, and whether their payouts are. */
export default function AdminCreatorPayoutsPage() {
  const { creatorId = '' } = useParams();
  const detail = useQuery(adminCreatorPayoutsQuery(creatorId));
  if (detail.isPending) return <PageLoading label="Loading the creator's payouts" />;
  if (detail.error) return <LoadFailed title={TITLE} error={detail.error} retry={() => detail.refetch()} />;
  return <CreatorPayouts data={detail.data} />;
}

/** After a change: the answer is the creator's payouts as they now are; the lists that show them are refreshed. */
function useSaved(creatorId: string) {
  const queryClient = useQueryClient();
  return async (next: AdminCreatorPayouts) => {
    queryClient.setQueryData(queryKeys.admin.creatorPayouts(creatorId), next);
    await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  };
}

function CreatorPayouts({ data }: { data: AdminCreatorPayouts }) {
  const { creator } = data;
  const name = personName(creator);
  const saved = useSaved(creator.id);
  const [confirming, setConfirming] = useState(false);
  const hold = useMutation({
    mutationFn: (input: { held: boolean; reason: string }) => holdCreatorPayouts(creator.id, input),
    onSuccess: async (next) => {
      setConfirming(false);
      addSnack(next.payoutsHeld ? 'Payouts held' : 'Payouts released', 'success');
      await saved(next);
    },
  });
  const openHold = () => {
    hold.reset();
    setConfirming(true);
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={`Payouts of ${name}`} back>
        {creator.email && creator.handle ? creator.email : 'Their balances, how long their earnings are held, and their payouts.'}
      </PageHeader>
      <AdminTabs />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {data.payoutsHeld && (
          <Alert severity="warning" role="status">
            {name}'s payouts are held{data.payoutsHeldAt ? ` since ${adminDateTime(data.payoutsHeldAt)}` : ''}: nothing is sent to them
            until an admin releases them.
            {data.payoutsHeldReason ? ` Reason: ${data.payoutsHeldReason}` : ''}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <SectionCard title="Balances">
            {data.balances.length === 0 ? (
              <Typography color="text.secondary">No earnings yet.</Typography>
            ) : (
              data.balances.map((balance) => <Balance key={balance.currency} balance={balance} />)
            )}
            {data.providerAccount && <ProviderAccountLine account={data.providerAccount} />}
          </SectionCard>

          <Box sx={{ display: 'grid', gap: 2 }}>
            <SectionCard title="Earnings hold">
              <HoldForm key={String(data.holdDays)} data={data} onSaved={saved} />
            </SectionCard>

            <SectionCard title="Payouts" gap={1.5}>
              <Typography>
                {data.payoutsHeld
                  ? `Held${data.payoutsHeldReason ? `: ${data.payoutsHeldReason}` : '.'}`
                  : 'Not held: they go out when the creator asks, or on their schedule.'}
              </Typography>
              <Button variant="outlined" color={data.payoutsHeld ? 'primary' : 'warning'} onClick={openHold} sx={{ justifySelf: 'start' }}>
                {data.payoutsHeld ? 'Release payouts' : 'Hold payouts'}
              </Button>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={paths.adminPayoutsOf(creator.id)}>
                  Their payouts
                </Link>
                <Link component={RouterLink} to={paths.adminUser(creator.id)}>
                  Their account
                </Link>
                <Link component={RouterLink} to={paths.adminAuditOf(creator.id)}>
                  Audit log about them
                </Link>
              </Box>
            </SectionCard>
          </Box>
        </Box>
      </Box>
      <ActionDialog
        action={
          confirming
            ? data.payoutsHeld
              ? {
                  title: 'Release these payouts?',
                  description: `${name}'s payouts go out again, when they ask or on their schedule.`,
                  confirm: 'Release payouts',
                  reasonRequired: true,
                  reasonHelp: 'Kept in the audit log.',
                }
              : {
                  title: 'Hold these payouts?',
                  description: `Nothing is sent to ${name} until an admin releases their payouts: not when they ask, not on their schedule. They keep earning.`,
                  confirm: 'Hold payouts',
                  reasonRequired: true,
                  reasonHelp: 'Kept in the audit log.',
                }
            : null
        }
        busy={hold.isPending}
        error={hold.error ? hold.error.message : null}
        onConfirm={(reason) => hold.mutate({ held: !data.payoutsHeld, reason })}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** One currency's money: what they can withdraw, what is held (and when it frees), what is on its way and what was paid. */
function Balance({ balance }: { balance: CurrencyBalance }) {
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: balance.currency });
  const figures: [string, number][] = [
    ['Available', balance.availableMinor],
    ['Held', balance.pendingMinor],
    ['In flight', balance.inFlightMinor],
    ['Paid out', balance.paidOutMinor],
  ];
  return (
    <Box component="section" aria-label={`${balance.currency} balance`} sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {balance.currency}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
          '& dd': { m: 0, fontWeight: 700, fontSize: '1.1rem' },
        }}
      >
        {figures.map(([term, amountMinor]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{money(amountMinor)}</dd>
          </div>
        ))}
      </Box>
      <Typography variant="body2" color={balance.withdrawBlock ? 'warning.main' : 'text.secondary'}>
        {balance.withdrawBlock ? `Cannot withdraw now: ${WITHDRAW_BLOCK_LABELS[balance.withdrawBlock]}.` : 'Can withdraw now.'} The minimum
        payout is {money(balance.minimumPayoutMinor)}.
      </Typography>
      {balance.releases.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary">
            Held money becomes available:
          </Typography>
          <Box component="ul" aria-label={`${balance.currency} releases`} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25 }}>
            {balance.releases.map((release) => (
              <Typography component="li" variant="body2" key={release.availableAt}>
                <time dateTime={release.availableAt}>{formatDate(release.availableAt)}</time>: {money(release.amountMinor)}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/**
 * The creator's hold: the platform's, or their own number of days, with the reason for the
 * change. A new hold moves what they have held now, so the form says so.
 */
function HoldForm({ data, onSaved }: { data: AdminCreatorPayouts; onSaved: (next: AdminCreatorPayouts) => Promise<void> }) {
  const id = useId();
  const [mode, setMode] = useState<'platform' | 'own'>(data.holdDays === null ? 'platform' : 'own');
  const [days, setDays] = useState(String(data.holdDays ?? data.platformHoldDays));
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (input: { holdDays: number | null; reason: string }) => setCreatorHold(data.creator.id, input),
    onSuccess: async (next) => {
      setReason('');
      addSnack(next.holdDays === null ? "Hold set to the platform's" : `Hold set to ${dayCount(next.holdDays)}`, 'success');
      await onSaved(next);
    },
  });
  const ownDays = Number(days);
  const daysValid = days.trim() !== '' && Number.isInteger(ownDays) && ownDays >= 0 && ownDays <= MAX_CREATOR_HOLD_DAYS;
  const holdDays = mode === 'platform' ? null : ownDays;
  const unchanged = holdDays === data.holdDays;
  return (
    <Box
      component="form"
      aria-labelledby={`${id}-hold`}
      onSubmit={(event) => {
        event.preventDefault();
        if (mode === 'own' && !daysValid) return;
        change.mutate({ holdDays, reason: reason.trim() });
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography>
        {data.holdDays === null
          ? `Now the platform's hold of ${dayCount(data.platformHoldDays)}.`
          : `Now their own hold of ${dayCount(data.holdDays)}.${data.holdReason ? ` Why: ${data.holdReason}` : ''}`}
      </Typography>
      <FormControl>
        <FormLabel id={`${id}-hold`}>Hold new and held earnings for</FormLabel>
        <RadioGroup aria-labelledby={`${id}-hold`} value={mode} onChange={(event) => setMode(event.target.value as 'platform' | 'own')}>
          <FormControlLabel value="platform" control={<Radio />} label={`The platform's (${dayCount(data.platformHoldDays)})`} />
          <FormControlLabel value="own" control={<Radio />} label="Their own number of days" />
        </RadioGroup>
      </FormControl>
      {mode === 'own' && (
        <TextField
          label="Days"
          type="number"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={!daysValid}
          helperText={daysValid ? '0 makes their earnings available at once.' : `From 0 to ${MAX_CREATOR_HOLD_DAYS} days`}
          slotProps={{ htmlInput: { min: 0, max: MAX_CREATOR_HOLD_DAYS, step: 1, inputMode: 'numeric' } }}
          sx={{ maxWidth: 200 }}
        />
      )}
      <TextField
        label="Reason"
        required
        helperText="Kept with the hold and in the audit log. What they have held now moves with the change."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: AUDIT_REASON_MAX } }}
      />
      {change.error && (
        <Alert severity="error" role="alert">
          {change.error.message}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        loading={change.isPending}
        disabled={unchanged || !reason.trim() || (mode === 'own' && !daysValid)}
        sx={{ justifySelf: 'start' }}
      >
        Change hold
      </Button>
    </Box>
  );
}

/** The creator's account at the payout provider (Stripe Connect): its state and what the provider still needs. */
function ProviderAccountLine({ account }: { account: ProviderAccount }) {
  const provider = PAYOUT_PROVIDER_LABELS[account.provider];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" color={account.state === 'ready' ? 'text.secondary' : 'warning.main'}>
        {provider} account: {PROVIDER_ACCOUNT_STATE_LABELS[account.state]}.
      </Typography>
      {account.needs.length > 0 && (
        <Box component="ul" aria-label={`What ${provider} needs`} sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {account.needs.map((need) => (
            <li key={need}>{need}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}

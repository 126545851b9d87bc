import {
  type AdminPayoutRow,
  type AdminPayoutsPage as AdminPayoutsPageData,
  CURRENCY_EXPONENTS,
  type Currency,
  formatMoney,
  PAYOUT_STATUSES,
  type PayoutStatus,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { PAYOUT_STATUS_COLORS } from '../../lib/payout-status';
import { queryKeys } from '../../lib/query-keys';
import { useAddressParams } from '../../lib/useAddressParams';
import { ActionDialog } from './ActionDialog';
import { adminPayoutsQuery, type PayoutFilters, retryPayout } from './api';
import { PAYOUT_PROVIDER_LABELS, PAYOUT_STATUS_LABELS, PAYOUT_TRIGGER_LABELS } from './labels';
import { awaitsTransfer, BankTransfersDownload, MarkTransferButtons, useMarkTransfer } from './ManualTransfers';
import { adminDateTime, PersonFilterLink, personName } from './MoneyList';

/** The status filter's choices, in the order an admin works through them. */
const STATUS_CHOICES: readonly PayoutStatus[] = ['pending', 'in_flight', 'failed', 'paid'];
const CURRENCIES = Object.keys(CURRENCY_EXPONENTS) as Currency[];

/** The filters the address holds, each kept only when it is one the list knows. */
function payoutFilters(params: URLSearchParams): PayoutFilters {
  const filters: PayoutFilters = {};
  const status = params.get('status');
  if (status && (PAYOUT_STATUSES as readonly string[]).includes(status)) filters.status = status;
  const currency = params.get('currency');
  if (currency && (CURRENCIES as string[]).includes(currency)) filters.currency = currency;
  const creatorId = params.get('creatorId');
  if (creatorId) filters.creatorId = creatorId;
  return filters;
}

/**
 * /admin/payouts: every payout to creators, newest first, by state, currency and creator, with
 * totals; a failed one can be sent again, a manual bank transfer downloaded and marked.
 */
export default function AdminPayoutsPage() {
  const [params, setParams] = useAddressParams();
  const filters = payoutFilters(params);
  const query = useInfiniteQuery(adminPayoutsQuery(filters));
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState<AdminPayoutRow | null>(null);
  const retry = useMutation({
    mutationFn: ({ payoutId, reason }: { payoutId: string; reason: string }) => retryPayout(payoutId, reason),
    onSuccess: async (payout) => {
      setRetrying(null);
      const amount = formatMoney(payout);
      if (payout.status === 'failed') {
        const why = payout.failureMessage ?? 'the provider did not take it.';
        addSnack(`Sent again and refused again: ${/[.!?]$/.test(why) ? why : `${why}.`}`, 'warning');
      } else {
        addSnack(payout.status === 'paid' ? `Sent again: ${amount} paid.` : `Sent again: ${amount} is on its way.`, 'success');
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
  const openRetry = (row: AdminPayoutRow) => {
    retry.reset();
    setRetrying(row);
  };
  const transfers = useMarkTransfer();
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const transfersDue = query.data?.pages[0]?.bankTransfersDue ?? 0;
  const creator = filters.creatorId ? rows.find((row) => row.creator.id === filters.creatorId)?.creator : undefined;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Payouts">Money sent to creators, newest first. A failed payout can be sent again.</PageHeader>
      <AdminTabs />
      {transfersDue > 0 && (
        <Alert severity="info" variant="outlined" action={<BankTransfersDownload />} sx={{ mb: 2, flexWrap: 'wrap' }}>
          {transfersDue === 1 ? 'A bank transfer waits' : `${transfersDue} bank transfers wait`} for you: download them, pay them from the
          platform's bank, then mark each paid or failed.
        </Alert>
      )}
      <Box component="search" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Status"
          value={filters.status ?? 'all'}
          onChange={(_, value: string | null) => value && setParams({ status: value === 'all' ? null : value })}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="all">All</ToggleButton>
          {STATUS_CHOICES.map((status) => (
            <ToggleButton key={status} value={status}>
              {PAYOUT_STATUS_LABELS[status]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Currency"
          value={filters.currency ?? ''}
          onChange={(event) => setParams({ currency: event.target.value || null })}
          sx={{ width: 140 }}
        >
          <MenuItem value="">Any</MenuItem>
          {CURRENCIES.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </TextField>
        {filters.creatorId && (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip label={creator ? `Creator ${personName(creator)}` : 'One creator'} onDelete={() => setParams({ creatorId: null })} />
            <Link component={RouterLink} to={paths.adminCreatorPayouts(filters.creatorId)} underline="always">
              Balances and hold
            </Link>
          </Box>
        )}
      </Box>
      <PagedResults
        query={query}
        label="Payouts"
        loadingLabel="Loading payouts"
        empty={{
          title: 'No payouts',
          text: Object.keys(filters).length ? 'No payout matches these filters.' : 'No creator has been paid out yet.',
        }}
        moreLabel="Load more payouts"
        moreLoadingLabel="Loading more payouts"
        header={<PayoutTotals totals={query.data?.pages[0]?.totals ?? []} />}
        renderItem={(row) => (
          <PayoutItem
            key={row.id}
            row={row}
            onCreator={(creatorId) => setParams({ creatorId })}
            onRetry={() => openRetry(row)}
            onMark={(outcome) => transfers.open(row, outcome)}
          />
        )}
      />
      <ActionDialog
        action={
          retrying && {
            title: 'Send this payout again?',
            description: `A new payout of ${personName(retrying.creator)}'s available ${retrying.currency} balance (the failed ${formatMoney(retrying)} is back in it) goes to their payout method as it is now.`,
            confirm: 'Send again',
            reasonRequired: true,
            reasonHelp: 'Kept in the audit log.',
          }
        }
        busy={retry.isPending}
        error={retry.error ? retry.error.message : null}
        onConfirm={(reason) => retrying && retry.mutate({ payoutId: retrying.id, reason })}
        onClose={() => setRetrying(null)}
      />
      {transfers.dialog}
    </Box>
  );
}

/** The filtered set's totals: per currency, a count and sum for each state (never summed across currencies). */
function PayoutTotals({ totals }: { totals: AdminPayoutsPageData['totals'] }) {
  if (totals.length === 0) return null;
  const currencies = [...new Set(totals.map((line) => line.currency))];
  return (
    <Paper variant="outlined" component="section" aria-label="Totals" sx={{ p: 2, mb: 2, display: 'grid', gap: 1 }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        Totals
      </Typography>
      {currencies.map((currency) => (
        <Box key={currency} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 40 }}>
            {currency}
          </Typography>
          <Box
            component="ul"
            aria-label={`${currency} totals`}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', columnGap: 2.5, rowGap: 0.5, flexWrap: 'wrap', flex: 1 }}
          >
            {PAYOUT_STATUSES.flatMap((status) => {
              const line = totals.find((total) => total.currency === currency && total.status === status);
              if (!line) return [];
              return (
                <Typography key={status} component="li" variant="body2" sx={{ color: 'text.secondary' }}>
                  <Box component="span" sx={{ color: 'text.primary' }}>
                    {PAYOUT_STATUS_LABELS[status]}
                  </Box>
                  : {line.count} {line.count === 1 ? 'payout' : 'payouts'}, {formatMoney({ amountMinor: line.amountMinor, currency })}
                </Typography>
              );
            })}
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

function PayoutItem({
  row,
  onCreator,
  onRetry,
  onMark,
}: {
  row: AdminPayoutRow;
  onCreator: (creatorId: string) => void;
  onRetry: () => void;
  onMark: (outcome: 'paid' | 'failed') => void;
}) {
  const settled = row.settledAt && (row.status === 'paid' || row.status === 'failed');
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{formatMoney(row)}</Typography>
          <Chip size="small" label={PAYOUT_STATUS_LABELS[row.status]} color={PAYOUT_STATUS_COLORS[row.status]} />
          <Chip size="small" variant="outlined" label={PAYOUT_TRIGGER_LABELS[row.trigger]} />
        </Box>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={row.createdAt}>
          {adminDateTime(row.createdAt)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        To <PersonFilterLink person={row.creator} onFilter={onCreator} />
        {row.creator.email && row.creator.handle ? ` (${row.creator.email})` : ''} ·{' '}
        <Link component={RouterLink} to={paths.adminCreatorPayouts(row.creator.id)} underline="always">
          balances and hold
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {row.destination} · {PAYOUT_PROVIDER_LABELS[row.provider]}
        {row.providerRef ? ` · ${row.providerRef}` : ''}
      </Typography>
      {awaitsTransfer(row) && <MarkTransferButtons row={row} onMark={onMark} />}
      {settled && (
        <Typography variant="body2" color="text.secondary">
          {row.status === 'paid' ? 'Paid' : 'Failed'}{' '}
          <time dateTime={row.settledAt ?? undefined}>{adminDateTime(row.settledAt ?? row.createdAt)}</time>
        </Typography>
      )}
      {row.status === 'failed' && (
        <>
          <Alert severity="error" variant="outlined" sx={{ py: 0.25 }}>
            {row.failureMessage ?? 'The provider refused it.'}
            {row.failureCode ? ` (${row.failureCode})` : ''}
          </Alert>
          {row.retriedBy ? (
            <Typography variant="body2" color="text.secondary">
              Sent again as payout {row.retriedBy}.
            </Typography>
          ) : (
            <Button
              variant="outlined"
              size="small"
              onClick={onRetry}
              aria-label={`Send again: ${formatMoney(row)} to ${personName(row.creator)}`}
              sx={{ justifySelf: 'start' }}
            >
              Send again
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

import { type AdminDispute, DISPUTE_STATUSES, formatMoney } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useAddressParams } from '../../lib/useAddressParams';
import { ActionDialog } from './ActionDialog';
import { adminDisputesQuery, closeTestDispute, type DisputeFilters } from './api';
import { DISPUTE_STATUS_COLORS, DISPUTE_STATUS_LABELS } from './labels';
import { adminDateTime, personName } from './MoneyList';

/** The filters the address holds, each kept only when it is one the list knows. */
function disputeFilters(params: URLSearchParams): DisputeFilters {
  const filters: DisputeFilters = {};
  const status = params.get('status');
  if (status && (DISPUTE_STATUSES as readonly string[]).includes(status)) filters.status = status;
  if (params.get('open') === 'true') filters.open = 'true';
  if (params.get('order') === 'deadline') filters.order = 'deadline';
  return filters;
}

/** The one select that says which disputes: open ones, every one, or those in one state. */
const SHOW_CHOICES = [
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
  ...DISPUTE_STATUSES.map((status) => ({ value: status, label: DISPUTE_STATUS_LABELS[status] })),
];

/** /admin/disputes: chargebacks of payments with their deadlines and where to answer them; test disputes can be decided. */
export default function AdminDisputesPage() {
  const [params, setParams] = useAddressParams();
  const filters = disputeFilters(params);
  const query = useInfiniteQuery(adminDisputesQuery(filters));
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ dispute: AdminDispute; outcome: 'won' | 'lost' } | null>(null);
  const decide = useMutation({
    mutationFn: ({ disputeId, outcome, reason }: { disputeId: string; outcome: 'won' | 'lost'; reason: string }) =>
      closeTestDispute(disputeId, outcome, reason),
    onSuccess: async (dispute) => {
      setDeciding(null);
      addSnack(dispute.outcome === 'won' ? 'Dispute won: the creator is credited back.' : 'Dispute lost.', 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
  const show = filters.open ? 'open' : (filters.status ?? 'all');

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Disputes">
        Payments members disputed with their bank. The creator is debited the payment and the dispute fee until a dispute is won; answer
        each at the provider before its deadline.
      </PageHeader>
      <AdminTabs />
      <Box component="search" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Show"
          value={show}
          onChange={(event) => {
            const value = event.target.value;
            setParams({ open: value === 'open' ? 'true' : null, status: value === 'open' || value === 'all' ? null : value });
          }}
          sx={{ minWidth: 200 }}
        >
          {SHOW_CHOICES.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Order"
          value={filters.order ?? 'newest'}
          onChange={(event) => setParams({ order: event.target.value === 'deadline' ? 'deadline' : null })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="newest">Newest first</MenuItem>
          <MenuItem value="deadline">Soonest deadline first</MenuItem>
        </TextField>
      </Box>
      <PagedResults
        query={query}
        label="Disputes"
        loadingLabel="Loading disputes"
        empty={{
          title: 'No disputes',
          text: Object.keys(filters).length ? 'No dispute matches these filters.' : 'No payment has been disputed.',
        }}
        moreLabel="Load more disputes"
        moreLoadingLabel="Loading more disputes"
        renderItem={(dispute) => (
          <DisputeItem
            key={dispute.id}
            dispute={dispute}
            onDecide={(outcome) => {
              decide.reset();
              setDeciding({ dispute, outcome });
            }}
          />
        )}
      />
      <ActionDialog
        action={
          deciding && {
            title: deciding.outcome === 'won' ? 'Decide this test dispute as won?' : 'Decide this test dispute as lost?',
            description:
              deciding.outcome === 'won'
                ? `${personName(deciding.dispute.creator)} is credited back their share of ${formatMoney(deciding.dispute)}; the dispute fee stays debited.`
                : `${personName(deciding.dispute.creator)} stays debited ${formatMoney(deciding.dispute)} and the dispute fee.`,
            confirm: deciding.outcome === 'won' ? 'Won' : 'Lost',
            reasonRequired: true,
            reasonHelp: 'Kept in the audit log.',
          }
        }
        busy={decide.isPending}
        error={decide.error ? decide.error.message : null}
        onConfirm={(reason) => deciding && decide.mutate({ disputeId: deciding.dispute.id, outcome: deciding.outcome, reason })}
        onClose={() => setDeciding(null)}
      />
    </Box>
  );
}

function DisputeItem({ dispute, onDecide }: { dispute: AdminDispute; onDecide: (outcome: 'won' | 'lost') => void }) {
  const fee = formatMoney({ amountMinor: dispute.feeMinor, currency: dispute.currency });
  const decidable = dispute.provider === 'dev' && !dispute.closedAt;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{formatMoney(dispute)}</Typography>
          <Chip size="small" label={DISPUTE_STATUS_LABELS[dispute.status]} color={DISPUTE_STATUS_COLORS[dispute.status]} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          Opened <time dateTime={dispute.openedAt}>{adminDateTime(dispute.openedAt)}</time>
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {personName(dispute.member)} disputed a payment to{' '}
        <Link component={RouterLink} to={paths.adminCreatorPayouts(dispute.creator.id)} underline="always">
          {personName(dispute.creator)}
        </Link>{' '}
        ·{' '}
        <Link component={RouterLink} to={paths.adminPayment(dispute.chargeId)} underline="always">
          the payment
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Reason: {dispute.reason.replaceAll('_', ' ')} · Dispute fee {fee}
        {dispute.feeReturnedMinor > 0
          ? ` (returned ${formatMoney({ amountMinor: dispute.feeReturnedMinor, currency: dispute.currency })})`
          : ''}
      </Typography>
      {dispute.evidenceDueBy && !dispute.closedAt && (
        <Typography variant="body2">
          Evidence due by <time dateTime={dispute.evidenceDueBy}>{adminDateTime(dispute.evidenceDueBy)}</time>
        </Typography>
      )}
      {dispute.closedAt && (
        <Typography variant="body2" color="text.secondary">
          Decided <time dateTime={dispute.closedAt}>{adminDateTime(dispute.closedAt)}</time>
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {dispute.evidenceUrl && (
          <Button variant="outlined" size="small" href={dispute.evidenceUrl} target="_blank" rel="noopener noreferrer">
            Answer at the provider
          </Button>
        )}
        {decidable &&
          (['won', 'lost'] as const).map((outcome) => (
            <Button
              key={outcome}
              variant="outlined"
              size="small"
              onClick={() => onDecide(outcome)}
              aria-label={`Decide as ${outcome}: ${formatMoney(dispute)} from ${personName(dispute.member)}`}
            >
              Close as {outcome}
            </Button>
          ))}
      </Box>
    </Paper>
  );
}

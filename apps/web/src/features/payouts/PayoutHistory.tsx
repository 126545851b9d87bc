import type { Payout } from '@aurum/core';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedResults } from '../../components/PagedResults';
import { formatDate } from '../../lib/dates';
import { PAYOUT_STATUS_COLORS } from '../../lib/payout-status';
import { payoutHistoryQuery, payoutStatementUrl } from './api';
import { money, STATUS_LABELS } from './labels';

const failureColor = (theme: Theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.main);

/** Every payout, newest first, a page at a time. */
export function PayoutHistory() {
  const history = useInfiniteQuery(payoutHistoryQuery);
  return (
    <Box component="section" aria-labelledby="payout-history" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography id="payout-history" variant="h2" sx={{ fontSize: '1.2rem' }}>
        Payout history
      </Typography>
      <PagedResults
        query={history}
        label="Payouts"
        loadingLabel="Loading your payouts"
        nested
        empty={{ title: 'No payouts yet', text: 'Every payout, withdrawn by you or sent on your schedule, is listed here.' }}
        moreLabel="Load more payouts"
        moreLoadingLabel="Loading more payouts"
        renderItem={(payout) => <PayoutItem key={payout.id} payout={payout} />}
      />
    </Box>
  );
}

function PayoutItem({ payout }: { payout: Payout }) {
  const made = formatDate(payout.createdAt);
  const paid = payout.status === 'paid' && payout.settledAt ? formatDate(payout.settledAt) : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.75, minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1.5 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', fontVariantNumeric: 'tabular-nums' }}>
          {money(payout.amountMinor, payout.currency)}
        </Typography>
        <Chip
          label={STATUS_LABELS[payout.status]}
          color={PAYOUT_STATUS_COLORS[payout.status]}
          variant={payout.status === 'paid' ? 'filled' : 'outlined'}
          size="small"
        />
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        To {payout.destination}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {payout.trigger === 'scheduled' ? 'Automatic payout' : 'Withdrawn'} {made}
        {paid && paid !== made ? ` · arrived ${paid}` : ''}
      </Typography>
      {payout.failureMessage && (
        <Typography variant="body2" sx={{ color: failureColor }}>
          {payout.failureMessage}
        </Typography>
      )}
      <Button
        size="small"
        startIcon={<DownloadIcon aria-hidden />}
        href={payoutStatementUrl(payout.id)}
        download
        aria-label={`Statement of the ${money(payout.amountMinor, payout.currency)} payout of ${made} (CSV)`}
        sx={{ justifySelf: 'start', ml: -0.5 }}
      >
        Statement (CSV)
      </Button>
    </Paper>
  );
}

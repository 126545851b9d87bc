import type { CurrencyBalance, PayoutAccount } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { useAttemptKeys } from '../../lib/payment-attempt';
import { queryKeys } from '../../lib/query-keys';
import { withdraw } from './api';
import { money, payoutOutcome, withdrawBlockReason } from './labels';

/** Red that keeps its contrast on the dark paper too. */
const negativeColor = (theme: Theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.main);

/**
 * One currency's money: what can be withdrawn now (and the button that does), what is still
 * held and when it frees, what is on its way and what was paid out in all.
 */
export function BalanceCard({ balance, account }: { balance: CurrencyBalance; account: PayoutAccount }) {
  const titleId = useId();
  const reasonId = useId();
  const releasesId = useId();
  const queryClient = useQueryClient();
  const attempts = useAttemptKeys();
  const { currency, availableMinor } = balance;
  const send = useMutation({
    // One key per attempt: asked again after no answer, the same key gets the first payout back.
    mutationFn: () => withdraw({ currency, idempotencyKey: attempts.keyFor(`${currency}:${availableMinor}`) }),
    onSettled: async (_, error) => {
      attempts.settled(error ?? undefined);
      await queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all });
    },
  });
  const reason = withdrawBlockReason(balance, account);
  const negative = availableMinor < 0;
  const available = money(availableMinor, currency);
  const outcome = send.data ? payoutOutcome(send.data) : null;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1rem', color: 'text.secondary', fontWeight: 600 }}>
          {currency} balance
        </Typography>
        <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap' }}>
          <Box
            component="span"
            sx={{
              fontSize: { xs: '2.25rem', sm: '2.5rem' },
              fontWeight: 800,
              lineHeight: 1.1,
              letterSpacing: '-0.02em',
              fontVariantNumeric: 'tabular-nums',
              color: negative ? negativeColor : 'primary.main',
              overflowWrap: 'anywhere',
            }}
          >
            {available}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            available
          </Box>
        </Typography>
      </Box>

      {negative && (
        <Alert severity="warning" variant="outlined">
          A refund took back money that was already paid out to you. Your next earnings cover these {money(-availableMinor, currency)}{' '}
          first; after that you can withdraw again.
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button
          variant="contained"
          size="large"
          disabled={reason !== null || send.isPending}
          aria-busy={send.isPending || undefined}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => {
            send.reset();
            send.mutate();
          }}
          sx={{ width: { xs: '100%', sm: 'auto' }, justifySelf: 'start', minWidth: 200 }}
        >
          {send.isPending ? (
            <CircularProgress size={24} color="inherit" aria-label="Withdrawing" />
          ) : availableMinor > 0 ? (
            `Withdraw ${available}`
          ) : (
            'Withdraw'
          )}
        </Button>
        {reason && (
          <Typography id={reasonId} variant="body2" color="text.secondary">
            {reason}
          </Typography>
        )}
      </Box>

      <Box aria-live="polite" sx={{ display: 'contents' }}>
        {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
        {send.error && <Alert severity="error">{errorMessage(send.error)}</Alert>}
      </Box>

      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          '& > div': { bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 1.25, minWidth: 0 },
          '& dt': { color: 'text.secondary', fontSize: '0.8125rem' },
          '& dd': { m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
        }}
      >
        <div>
          <dt>Pending</dt>
          <dd>{money(balance.pendingMinor, currency)}</dd>
        </div>
        <div>
          <dt>In flight</dt>
          <dd>{money(balance.inFlightMinor, currency)}</dd>
        </div>
        <div>
          <dt>Paid out</dt>
          <dd>{money(balance.paidOutMinor, currency)}</dd>
        </div>
      </Box>

      {balance.releases.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography id={releasesId} component="h4" sx={{ fontWeight: 600, fontSize: '0.9375rem' }}>
            Pending becomes available
          </Typography>
          <Box
            component="ul"
            aria-labelledby={releasesId}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {balance.releases.map((release) => (
              <Box
                component="li"
                key={release.availableAt}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, fontVariantNumeric: 'tabular-nums' }}
              >
                <Typography component="span" color="text.secondary">
                  {formatDate(release.availableAt)}
                </Typography>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {money(release.amountMinor, currency)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

import type { PayoutAccount } from '@aurum/core';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { isCreator, useSignedInUser } from '../../lib/current-user';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { payoutAccountQuery } from './api';
import { BalanceCard } from './BalanceCard';
import { holdLine } from './labels';
import { PayoutHistory } from './PayoutHistory';
import { PayoutMethodCard } from './PayoutMethodCard';
import { useOnboardingReturn } from './ProviderAccountPanel';
import { ScheduleForm } from './ScheduleForm';

const TITLE = 'Payouts';

/** /creator/payouts: the creator's money per currency, withdrawing it, where it goes, automatic payouts and the history. */
export default function PayoutsPage() {
  const user = useSignedInUser();
  const creator = isCreator(user);
  const account = useQuery({ ...payoutAccountQuery, enabled: creator });
  if (!user) return null;
  if (!creator) {
    return (
      <Box sx={{ maxWidth: 640 }}>
        <PageHeader title={TITLE} back />
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Typography>Payouts are for creators. Finish your creator sign-up to sell subscriptions and get paid.</Typography>
          <Button variant="contained" component={RouterLink} to={paths.creatorDashboard}>
            Become a creator
          </Button>
        </Paper>
      </Box>
    );
  }
  if (account.isPending) return <PageLoading label="Loading your payouts" />;
  if (account.error) return <LoadFailed title={TITLE} error={account.error} retry={() => account.refetch()} />;
  return <Payouts account={account.data} />;
}

function Payouts({ account }: { account: PayoutAccount }) {
  const returnError = useOnboardingReturn();
  return (
    <Box sx={{ maxWidth: 1120 }}>
      <PageHeader title={TITLE} back>
        What you earned, when you can withdraw it, and where it goes.
      </PageHeader>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          // The side column spans both rows; its extra height goes to the history's row, never between balances and history.
          gridTemplateRows: { md: 'auto 1fr' },
          gridTemplateAreas: { xs: '"balances" "side" "history"', md: '"balances side" "history side"' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="payout-balances" sx={{ gridArea: 'balances', display: 'grid', gap: 1.5, minWidth: 0 }}>
          <Typography id="payout-balances" variant="h2" sx={{ fontSize: '1.2rem' }}>
            Balance
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
            <ScheduleIcon aria-hidden fontSize="small" sx={{ mt: '1px' }} />
            {holdLine(account.holdDays)}
          </Typography>
          {returnError && <Alert severity="error">{errorMessage(returnError)}</Alert>}
          {account.payoutsHeld && (
            <Alert severity="warning">
              Your payouts are on hold. Your earnings are safe and keep adding up;{' '}
              <Link component={RouterLink} to={paths.newSupportTicket} color="inherit" sx={{ fontWeight: 700 }}>
                contact support
              </Link>{' '}
              to find out why.
            </Alert>
          )}
          {account.balances.length === 0 ? (
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1, justifyItems: 'center' }}>
              <Typography variant="h3" component="p">
                No earnings yet
              </Typography>
              <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
                When members pay you, your earnings show here: pending while they are held, then available to withdraw.
              </Typography>
              <Button component={RouterLink} to={paths.plans} sx={{ mt: 1 }}>
                Manage your plans
              </Button>
            </Paper>
          ) : (
            account.balances.map((balance) => <BalanceCard key={balance.currency} balance={balance} account={account} />)
          )}
        </Box>
        <Box sx={{ gridArea: 'side', display: 'grid', gap: 3, minWidth: 0 }}>
          <PayoutMethodCard account={account} />
          <ScheduleForm account={account} />
        </Box>
        <Box sx={{ gridArea: 'history', minWidth: 0 }}>
          <PayoutHistory />
        </Box>
      </Box>
    </Box>
  );
}

import { type CurrentUser, displayName, formatCompactNumber, formatMoney } from '@aurum/core';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ArticleIcon from '@mui/icons-material/Article';
import InsightsIcon from '@mui/icons-material/Insights';
import PersonIcon from '@mui/icons-material/Person';
import PostAddIcon from '@mui/icons-material/PostAdd';
import ViewListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { PlanChips } from '../../components/PlanChips';
import { LoadFailed, RetryAlert } from '../../components/RetryAlert';
import { isCreator, useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { ownPlansQuery, planPriceLine } from '../../lib/plans';
import { earningsQuery, onboardingQuery } from './api';
import { OnboardingStepper } from './OnboardingStepper';

/** How many plans the dashboard lists before "See all plans". */
const PLANS_SHOWN = 3;

/** /creator: sign-up progress for members, the creator's tools and plans for creators. */
export default function CreatorDashboardPage() {
  const user = useSignedInUser();
  if (!user) return null;
  return isCreator(user) ? <Dashboard user={user} /> : <OnboardingStatus />;
}

function OnboardingStatus() {
  const onboarding = useQuery(onboardingQuery);
  if (onboarding.isPending) return <PageLoading label="Loading your creator sign-up" />;
  if (onboarding.error) return <LoadFailed title="Become a creator" error={onboarding.error} retry={() => onboarding.refetch()} />;
  const state = onboarding.data;
  const started = state.status !== 'not_started';
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageHeader title="Become a creator">Sell subscriptions to your photos, videos and audio.</PageHeader>
      {started && <OnboardingStepper state={state} />}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
          {started ? 'Finish your creator sign-up' : 'Earn from your content'}
        </Typography>
        <Typography color="text.secondary">
          {started
            ? 'Your progress is saved. Pick up where you left off.'
            : 'Create plans that members subscribe to, publish posts for subscribers, and get paid to your bank account or PayPal. Signing up takes about five minutes.'}
        </Typography>
        {state.verification?.status === 'pending' && <Alert severity="info">Your identity check is waiting for the result.</Alert>}
        <Button variant="contained" size="large" fullWidth component={RouterLink} to={paths.creatorSignup}>
          {started ? 'Continue sign-up' : 'Become a creator'}
        </Button>
      </Paper>
    </Box>
  );
}

interface QuickLink {
  label: string;
  hint: string;
  to: string;
  icon: ReactElement;
}

function Dashboard({ user }: { user: CurrentUser }) {
  const links: QuickLink[] = [
    { label: 'Insights', hint: 'Earnings, subscribers, posts', to: paths.creatorInsights, icon: <InsightsIcon /> },
    { label: 'Plans', hint: 'Prices and perks', to: paths.plans, icon: <ViewListIcon /> },
    { label: 'New post', hint: 'Photos, video, audio', to: paths.newPost, icon: <PostAddIcon /> },
    { label: 'Posts', hint: 'Everything you published', to: paths.posts, icon: <ArticleIcon /> },
    { label: 'Profile', hint: 'As members see it', to: paths.user(user.id), icon: <PersonIcon /> },
    { label: 'Payouts', hint: 'Balance and withdrawals', to: paths.creatorPayouts, icon: <AccountBalanceIcon /> },
  ];
  return (
    <>
      <PageHeader title="Creator dashboard">Welcome back, {displayName(user)}.</PageHeader>
      <Box
        component="nav"
        aria-label="Creator tools"
        sx={{
          mb: 4,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {links.map((link) => (
          <Paper
            key={link.to}
            component={RouterLink}
            to={link.to}
            variant="outlined"
            sx={{
              p: 2,
              display: 'grid',
              gap: 0.5,
              alignContent: 'start',
              textDecoration: 'none',
              color: 'text.primary',
              transition: 'border-color 120ms',
              '&:hover': { borderColor: 'primary.main' },
              '& svg': { color: 'primary.main' },
            }}
          >
            {link.icon}
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {link.label}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {link.hint}
            </Typography>
          </Paper>
        ))}
      </Box>
      <EarningsSummary />
      <PlansSummary />
    </>
  );
}

/** What the creator has earned so far, per currency: the ledger's earning entries, after the platform's fee. */
function EarningsSummary() {
  const earnings = useQuery(earningsQuery);
  return (
    <Box component="section" aria-labelledby="dashboard-earnings" sx={{ display: 'grid', gap: 1.5, mb: 4 }}>
      <Typography id="dashboard-earnings" variant="h2">
        Earnings
      </Typography>
      {earnings.isPending ? (
        <PageLoading label="Loading your earnings" />
      ) : earnings.error ? (
        <RetryAlert error={earnings.error} onRetry={() => earnings.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: 2.5, display: 'grid', gap: 1 }}>
          {earnings.data.balances.length === 0 ? (
            <Typography>No payments yet. Your earnings appear here as soon as a member subscribes.</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {earnings.data.balances.map((balance) => (
                <Box component="li" key={balance.currency} sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontSize: '1.6rem', fontWeight: 700, color: 'primary.main' }}>
                    {formatMoney({ amountMinor: balance.earnedMinor, currency: balance.currency })}
                  </Typography>
                  <Typography component="span" color="text.secondary">
                    from {formatCompactNumber(balance.payments)} {balance.payments === 1 ? 'payment' : 'payments'}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Typography variant="body2" color="text.secondary">
            After the platform's {earnings.data.platformFeePercent}% fee.{' '}
            <Link component={RouterLink} to={paths.creatorPayouts} sx={{ fontWeight: 600 }}>
              See your balance and withdraw
            </Link>
          </Typography>
        </Paper>
      )}
    </Box>
  );
}

function PlansSummary() {
  const plans = useQuery(ownPlansQuery);
  const active = plans.data?.filter((plan) => plan.active).length ?? 0;
  return (
    <Box component="section" aria-labelledby="dashboard-plans" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="dashboard-plans" variant="h2">
          Your plans
        </Typography>
        {plans.data && plans.data.length > 0 && (
          <Typography color="text.secondary">
            {active} of {plans.data.length} active
          </Typography>
        )}
      </Box>
      {plans.isPending ? (
        <PageLoading label="Loading your plans" />
      ) : plans.error ? (
        <RetryAlert error={plans.error} onRetry={() => plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Typography>You have no plans yet. Members subscribe to your plans to see your subscriber-only posts.</Typography>
          <Button variant="contained" component={RouterLink} to={paths.createPlan}>
            Create your first plan
          </Button>
        </Paper>
      ) : (
        <>
          {active === 0 && <Alert severity="warning">None of your plans is active, so nobody can subscribe yet.</Alert>}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {plans.data.slice(0, PLANS_SHOWN).map((plan) => (
              <Paper
                component="li"
                key={plan.id}
                variant="outlined"
                sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Link component={RouterLink} to={paths.plan(plan.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {plan.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {planPriceLine(plan)}
                  </Typography>
                </Box>
                <PlanChips plan={plan} />
              </Paper>
            ))}
          </Box>
          <Button component={RouterLink} to={paths.plans} sx={{ justifySelf: 'start' }}>
            {plans.data.length > PLANS_SHOWN ? `See all ${plans.data.length} plans` : 'Manage plans'}
          </Button>
        </>
      )}
    </Box>
  );
}

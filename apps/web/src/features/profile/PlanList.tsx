import { formatMoney, PLAN_PERKS, type Plan } from '@aurum/core';
import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths, type SubscribeLinkState } from '../../lib/paths';
import { useSignedInUser } from '../auth/current-user';

/**
 * A creator's active plans, cheapest first (as the API sends them), each with a way to
 * subscribe; a member who already subscribes sees their plan marked and a way to manage it.
 */
export function PlanList({ plans, creatorId, own }: { plans: readonly Plan[]; creatorId: string; own: boolean }) {
  const { pathname, search } = useLocation();
  const subscription = useSignedInUser()?.subscriptions.find((item) => item.creatorId === creatorId);
  return (
    <Box component="section" aria-labelledby="plans-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="plans-title" variant="h2">
          Plans
        </Typography>
        {own && (
          <Button component={RouterLink} to={paths.plans}>
            Manage plans
          </Button>
        )}
      </Box>
      {plans.length === 0 ? (
        <Typography color="text.secondary">{own ? 'You offer no plans yet.' : 'No plans on offer right now.'}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {plans.map((plan) => (
            <Paper
              key={plan.id}
              component="li"
              variant="outlined"
              aria-labelledby={`plan-${plan.id}-name`}
              sx={{ p: 2.5, display: 'grid', gap: 1, alignContent: 'start', borderColor: 'rgba(230, 179, 74, 0.4)' }}
            >
              <Typography id={`plan-${plan.id}-name`} variant="h3" sx={{ overflowWrap: 'anywhere' }}>
                {plan.name}
              </Typography>
              <Typography>
                <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 700, color: 'primary.main' }}>
                  {formatMoney({ amountMinor: plan.priceMinor, currency: plan.currency })}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  every {plan.billingPeriodDays} days
                </Box>
              </Typography>
              {plan.description && (
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {plan.description}
                </Typography>
              )}
              {plan.perks.chat && (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <ChatIcon aria-hidden fontSize="small" color="primary" sx={{ mt: 0.25 }} />
                  <Typography variant="body2">
                    <strong>{PLAN_PERKS.chat.name}:</strong> {PLAN_PERKS.chat.memberDescription}
                  </Typography>
                </Box>
              )}
              {subscription?.planId === plan.id && <Chip label="Your plan" color="primary" size="small" sx={{ justifySelf: 'start' }} />}
              {!own && subscription && (
                <Button
                  variant={subscription.planId === plan.id ? 'contained' : 'outlined'}
                  component={RouterLink}
                  to={subscription.planId === plan.id ? paths.subscription(subscription.id) : paths.editSubscription(subscription.id)}
                  aria-label={subscription.planId === plan.id ? `Manage your ${plan.name} subscription` : `Switch to ${plan.name}`}
                  sx={{ justifySelf: 'start', mt: 1 }}
                >
                  {subscription.planId === plan.id ? 'Manage subscription' : 'Switch to this plan'}
                </Button>
              )}
              {!own && !subscription && (
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={paths.subscribeTo(creatorId)}
                  state={{ from: `${pathname}${search}`, planId: plan.id } satisfies SubscribeLinkState}
                  aria-label={`Subscribe to ${plan.name}`}
                  sx={{ justifySelf: 'start', mt: 1 }}
                >
                  Subscribe
                </Button>
              )}
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}

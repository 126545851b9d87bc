import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { BecomeCreatorPrompt } from '../../components/BecomeCreatorPrompt';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { PlanChips } from '../../components/PlanChips';
import { RetryAlert } from '../../components/RetryAlert';
import { useIsCreator, useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { ownPlansQuery, planPriceLine } from '../../lib/plans';
import { OffersCard } from './OffersCard';
import { TipSettingsCard } from './TipSettingsCard';
import { TrialLinksCard } from './TrialLinksCard';

export const PLANS_PROMPT = 'Plans are what members subscribe to: each has its own price and can include perks such as chat.';

/** /plans: the creator's plans, active or not, newest first, their discounts, free-trial links and tip settings. */
export default function PlansPage() {
  if (!useIsCreator()) return <BecomeCreatorPrompt title="Plans" what={PLANS_PROMPT} />;
  return <PlansList />;
}

function PlansList() {
  const plans = useQuery(ownPlansQuery);
  const creator = useSignedInUser();
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <PageHeader title="Plans">What members can subscribe to.</PageHeader>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.createPlan} sx={{ mb: 3 }}>
          Create plan
        </Button>
      </Box>
      {plans.isPending ? (
        <PageLoading label="Loading your plans" />
      ) : plans.error ? (
        <RetryAlert error={plans.error} onRetry={() => plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1.5, justifyItems: 'center' }}>
          <Typography variant="h2">No plans yet</Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
            Create a plan, then activate it: members subscribe to it from your profile.
          </Typography>
          <Button variant="contained" component={RouterLink} to={paths.createPlan}>
            Create your first plan
          </Button>
        </Paper>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {plans.data.map((plan) => (
            <Paper component="li" key={plan.id} variant="outlined" sx={{ p: 2.5, display: 'grid', gap: 1 }}>
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Typography variant="h2" sx={{ fontSize: '1.2rem', overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={paths.plan(plan.id)} color="inherit">
                    {plan.name}
                  </Link>
                </Typography>
                <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{planPriceLine(plan)}</Typography>
              </Box>
              {plan.description && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{
                    overflow: 'hidden',
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {plan.description}
                </Typography>
              )}
              <PlanChips plan={plan} />
            </Paper>
          ))}
        </Box>
      )}
      {creator && (
        <Box sx={{ mt: 3, display: 'grid', gap: 3 }}>
          {plans.data && <OffersCard creatorId={creator.id} plans={plans.data} />}
          {plans.data && <TrialLinksCard plans={plans.data} />}
          <TipSettingsCard creatorId={creator.id} />
        </Box>
      )}
    </>
  );
}

import { displayName, type Subscription } from '@aurum/core';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { paths } from '../../lib/paths';
import { subscriptionsQuery } from './api';
import { CreatorLine } from './CreatorLine';
import { SubscriptionStatusChip } from './SubscriptionStatusChip';
import { paymentTerms, statusLabel, subscriptionDateLine } from './status';

const TITLE = 'Subscriptions';

/** /subscriptions: the creators the member subscribes or subscribed to, those with access first. */
export default function SubscriptionsPage() {
  const subscriptions = useQuery(subscriptionsQuery);
  if (subscriptions.isPending) return <PageLoading label="Loading your subscriptions" />;
  if (subscriptions.error) return <LoadFailed title={TITLE} error={subscriptions.error} retry={() => subscriptions.refetch()} />;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={TITLE} />
      {subscriptions.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1.5, justifyItems: 'center' }}>
          <Typography variant="h2">No subscriptions yet</Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
            Subscribe to a creator to see everything they share with their members.
          </Typography>
          <Button variant="contained" component={RouterLink} to={paths.explore}>
            Explore creators
          </Button>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Your subscriptions" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {subscriptions.data.map((subscription) => (
            <SubscriptionItem key={subscription.id} subscription={subscription} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function SubscriptionItem({ subscription }: { subscription: Subscription }) {
  const { creator, plan } = subscription;
  const terms = paymentTerms(subscription);
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.subscription(subscription.id)}
        aria-label={`${displayName(creator)}: ${plan.name}, ${terms.price} per ${terms.per}. ${statusLabel(subscription)}. ${subscriptionDateLine(subscription)}`}
        sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}
      >
        <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 1 }}>
          <CreatorLine creator={creator} size={40} />
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {plan.name} ·{' '}
            <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
              {terms.price}
            </Box>{' '}
            per {terms.per}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <SubscriptionStatusChip subscription={subscription} />
            <Typography variant="body2" color="text.secondary">
              {subscriptionDateLine(subscription)}
            </Typography>
          </Box>
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </CardActionArea>
    </Paper>
  );
}

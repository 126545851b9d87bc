import { type Post, SUBSCRIPTION_PERIOD_DAYS } from '@aurum/core';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths, type SubscribeLinkState } from '../../lib/paths';
import { useFollowCreator } from '../follows/api';
import { unlockPrice } from './media-view';

/**
 * How a viewer locked out of a post can get in, as the API offers it: the cheapest plan that
 * unlocks it, and/or following the creator. Following happens right here (the post is then
 * read afresh and unlocks in place); subscribing leads on.
 */
export function UnlockActions({ post }: { post: Pick<Post, 'unlock' | 'creator' | 'accessLevel'> }) {
  const price = unlockPrice(post);
  const follow = post.unlock?.follow ?? false;
  const following = useFollowCreator(post.creator.userId);
  const location = useLocation();
  // The subscribe page comes back here once subscribed, with this plan preselected.
  const subscribeState: SubscribeLinkState = { from: `${location.pathname}${location.search}`, planId: post.unlock?.plan?.id };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">
        {post.accessLevel === 'sneakpeek' ? 'This is a sneak peek.' : 'This post is locked.'}{' '}
        {price || follow ? 'Unlock it to see everything.' : 'Only some of the creator’s members can see it.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
        {price && (
          <Button
            variant="contained"
            size="large"
            startIcon={<LockOpenIcon />}
            component={RouterLink}
            to={paths.subscribeTo(post.creator.userId)}
            state={subscribeState}
          >
            <span>
              Subscribe from{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {price} / {SUBSCRIPTION_PERIOD_DAYS} days
              </Box>
            </span>
          </Button>
        )}
        {follow && (
          <Button
            variant={price ? 'outlined' : 'contained'}
            size="large"
            startIcon={<PersonAddIcon />}
            loading={following.isPending}
            onClick={() => following.mutate(true)}
          >
            Follow to unlock
          </Button>
        )}
      </Box>
    </Box>
  );
}

import { type Post, SUBSCRIPTION_PERIOD_DAYS } from '@aurum/core';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useFollowCreator } from '../../lib/follow';
import { paths, type SubscribeLinkState } from '../../lib/paths';
import { setError } from '../error-store';
import { salePrice, unlockPrice } from './media-view';

// The payment dialog loads the first time someone reaches for it.
const BuyPostDialog = lazy(() => import('./BuyPostDialog').then((module) => ({ default: module.BuyPostDialog })));

/**
 * How a viewer locked out of a post can get in, as the API offers it: buying the post itself,
 * the cheapest plan that unlocks it, and/or following the creator. Buying and following happen
 * right here (the post then unlocks in place); subscribing leads on.
 */
export function UnlockActions({ post }: { post: Pick<Post, 'id' | 'unlock' | 'creator' | 'accessLevel'> }) {
  const price = unlockPrice(post);
  const sale = salePrice(post);
  const [buying, setBuying] = useState(false);
  const follow = post.unlock?.follow ?? false;
  const following = useFollowCreator(post.creator.userId, setError);
  const location = useLocation();
  // The subscribe page comes back here once subscribed, with this plan preselected.
  const subscribeState: SubscribeLinkState = { from: `${location.pathname}${location.search}`, planId: post.unlock?.plan?.id };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">
        {post.accessLevel === 'sneakpeek' ? 'This is a sneak peek.' : 'This post is locked.'}{' '}
        {sale || price || follow ? 'Unlock it to see everything.' : 'Only some of the creator’s members can see it.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
        {sale && (
          <Button variant="contained" size="large" startIcon={<LockOpenIcon />} onClick={() => setBuying(true)}>
            Unlock for {sale}
          </Button>
        )}
        {price && (
          <Button
            variant={sale ? 'outlined' : 'contained'}
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
            variant={price || sale ? 'outlined' : 'contained'}
            size="large"
            startIcon={<PersonAddIcon />}
            loading={following.isPending}
            onClick={() => following.mutate(true)}
          >
            Follow to unlock
          </Button>
        )}
      </Box>
      {buying && post.unlock?.price && (
        <Suspense fallback={null}>
          <BuyPostDialog post={post} price={post.unlock.price} onClose={() => setBuying(false)} />
        </Suspense>
      )}
    </Box>
  );
}

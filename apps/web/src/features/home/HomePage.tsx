import { displayName } from '@aurum/core';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ExploreIcon from '@mui/icons-material/Explore';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isStandalone } from '../../components/install/install-banner';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useRevealedCount } from '../../lib/revealed-count';
import { earlierFeedQuery, feedItems, feedQuery } from './api';
import { FeedCard } from './FeedCard';

/** Home: the greeting, the way to install the app, and the feed, loading more as it scrolls. */
export default function HomePage() {
  const user = useSignedInUser();
  const [installed] = useState(isStandalone);
  return (
    // One column, the heading's edge on the feed's.
    <Box sx={{ maxWidth: 600, mx: 'auto' }}>
      <PageHeader title="Home">Welcome, {displayName(user)}.</PageHeader>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {!installed && (
          <Paper
            component="section"
            aria-labelledby="install-title"
            variant="outlined"
            sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'center' }}
          >
            <InstallMobileIcon aria-hidden sx={{ color: 'primary.main' }} />
            <Box sx={{ flex: '1 1 180px' }}>
              <Typography id="install-title" variant="h3" component="h2">
                Get the app
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Add Aurum to your home screen.
              </Typography>
            </Box>
            <Button variant="outlined" component={RouterLink} to={paths.installApp} sx={{ whiteSpace: 'nowrap' }}>
              How to install
            </Button>
          </Paper>
        )}
        <Feed />
      </Box>
    </Box>
  );
}

/**
 * The feed's new posts; once they are all read, "You're all caught up" and the earlier posts on
 * request (the same feed with seen posts, after the new ones, each post once).
 */
function Feed() {
  const user = useSignedInUser();
  const [showEarlier, setShowEarlier] = useState(false);
  const feed = useInfiniteQuery(feedQuery());
  const earlier = useInfiniteQuery({ ...earlierFeedQuery(), enabled: showEarlier });
  const pages = feed.data?.pages;
  const items = feedItems([...(pages ?? []), ...((showEarlier && earlier.data?.pages) || [])]);
  // A page's cards are drawn a few per task once they arrive (the first screen at once), so a
  // slow phone paints and answers between them; more are asked for once all are drawn.
  const revealed = useRevealedCount(items.length);
  if (feed.isError && !feed.data) return <RetryAlert error={feed.error} onRetry={() => void feed.refetch()} />;
  if (!pages) return <PageLoading label="Loading your feed" />;
  const followsNobody = !user?.follow.length && !user?.subscriptions.length;
  const caughtUp = !feed.hasNextPage;
  const more = showEarlier ? earlier : feed;
  if (items.length === 0 && !showEarlier) return <EmptyFeed followsNobody={followsNobody} onShowEarlier={() => setShowEarlier(true)} />;
  if (items.length === 0 && !earlier.isPending) return <EmptyFeed followsNobody={followsNobody} />;
  return (
    <>
      {items.length > 0 && (
        <Box component="ul" aria-label="Your feed" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {items.slice(0, revealed).map((item) => (
            <li key={item.id}>
              <FeedCard item={item} />
            </li>
          ))}
        </Box>
      )}
      {revealed === items.length &&
        (caughtUp && !showEarlier ? (
          <CaughtUp onShowEarlier={() => setShowEarlier(true)} />
        ) : (
          <LoadMore
            hasMore={more.isPending || more.hasNextPage}
            loading={more.isPending || more.isFetchingNextPage}
            onLoad={() => void more.fetchNextPage()}
            failed={more.isError || more.isFetchNextPageError ? more.error : null}
          />
        ))}
    </>
  );
}

/** The end of the new posts, with the way to the earlier ones. */
function CaughtUp({ onShowEarlier }: { onShowEarlier: () => void }) {
  return (
    <Paper component="section" aria-labelledby="caught-up-title" variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <DoneAllIcon aria-hidden sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} />
      <Typography id="caught-up-title" variant="h2" sx={{ mb: 1 }}>
        You're all caught up
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 440, mx: 'auto' }}>
        You have seen every new post. New ones will appear here.
      </Typography>
      <Button variant="contained" onClick={onShowEarlier}>
        Show earlier posts
      </Button>
    </Paper>
  );
}

/**
 * No new posts: for a member who follows nobody, the way to Explore; for the others, they are
 * all caught up. `onShowEarlier` offers the posts already seen, unless they are already shown (and none).
 */
function EmptyFeed({ followsNobody, onShowEarlier }: { followsNobody: boolean; onShowEarlier?: () => void }) {
  if (!followsNobody && onShowEarlier) return <CaughtUp onShowEarlier={onShowEarlier} />;
  return (
    <Paper component="section" aria-labelledby="feed-title" variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <ExploreIcon aria-hidden sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} />
      <Typography id="feed-title" variant="h2" sx={{ mb: 1 }}>
        Your feed is empty
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 440, mx: 'auto' }}>
        {followsNobody
          ? 'Posts from the creators you follow and subscribe to will appear here. Find someone to follow in Explore.'
          : 'The creators you follow and subscribe to have not posted anything you can see yet.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {followsNobody && (
          <Button variant="contained" component={RouterLink} to={paths.explore}>
            Explore creators
          </Button>
        )}
        {onShowEarlier && (
          <Button variant="outlined" onClick={onShowEarlier}>
            Show earlier posts
          </Button>
        )}
      </Box>
    </Paper>
  );
}

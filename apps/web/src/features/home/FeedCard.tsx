import { displayName, type FeedItem } from '@aurum/core';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { LikeButton } from '../../components/post/LikeButton';
import { PostTile } from '../../components/post/PostTile';
import { UnlockActions } from '../../components/post/UnlockActions';
import { TipButton } from '../../components/tip/TipButton';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { seenPostId, useSeen } from '../../lib/seen/use-seen';

/**
 * One post of the feed: who posted it and when, the post's tile, and its caption. Sneak peeks
 * are marked and offer their unlock right here. The post counts as seen once it was on screen.
 * Memoized: a card already drawn is not drawn again as the feed reveals more.
 */
export const FeedCard = memo(function FeedCard({ item }: { item: FeedItem }) {
  const seenRef = useSeen(seenPostId(item));
  const name = displayName(item.creator);
  const titleId = `feed-post-${item.id}`;
  return (
    <Paper component="article" ref={seenRef} variant="outlined" aria-labelledby={titleId} sx={{ overflow: 'hidden', pb: 1.5 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5 }}>
        <UserAvatar profile={item.creator} size={40} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.user(item.creator.userId)} color="inherit" underline="hover">
              {name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={item.publishAt}>{formatDate(item.publishAt)}</time>
          </Typography>
        </Box>
        {item.sneakPeek && <Chip size="small" color="primary" variant="outlined" icon={<VisibilityIcon />} label="Sneak peek" />}
      </Box>
      <Box sx={{ px: 1.5 }}>
        <PostTile post={item} />
      </Box>
      {!item.locked && item.text && item.media.length > 0 && (
        <Typography
          sx={{
            px: 2,
            pt: 1.5,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            whiteSpace: 'pre-wrap',
          }}
        >
          {item.text}
        </Typography>
      )}
      {item.locked && (
        <Box sx={{ px: 2, pt: 2 }}>
          <UnlockActions post={item} />
        </Box>
      )}
      <Box sx={{ px: 1, pt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <LikeButton post={item} />
        {item.accessLevel !== 'owner' && item.takesTips && (
          <TipButton compact target={{ creatorId: item.creator.userId, creatorName: name, postId: item.id }} />
        )}
      </Box>
    </Paper>
  );
});

import { formatCompactNumber, type LikeState, type Post } from '@aurum/core';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { startTransition, useOptimistic } from 'react';
import { errorMessage } from '../../lib/errors';
import { setLiked } from '../../lib/likes';
import { updateCachedPost } from '../../lib/post-cache';
import { addSnack } from '../snack-queue';

/**
 * Like or unlike a post, on its page or its feed card. The change shows at once (React's optimistic state, while the request
 * is in flight) and falls back by itself if the server refuses; the server's answer then goes
 * into the cached post, whose count wins. Locked posts cannot be liked (the server answers 403),
 * so the button is offered on them only to take back an earlier like (say, after a subscription lapsed).
 */
export function LikeButton({ post }: { post: Pick<Post, 'id' | 'likes' | 'liked' | 'locked'> }) {
  const queryClient = useQueryClient();
  const [shown, showWhileSending] = useOptimistic<LikeState>({ liked: post.liked, likes: post.likes });
  const toggle = () => {
    const liked = !shown.liked;
    startTransition(async () => {
      showWhileSending({ liked, likes: Math.max(0, shown.likes + (liked ? 1 : -1)) });
      try {
        updateCachedPost(queryClient, post.id, await setLiked(post.id, liked));
        // Until the cache has told the page, so the answer takes over from the optimistic state without a flash of the old one.
        await new Promise<void>((resolve) => notifyManager.schedule(resolve));
      } catch (error) {
        addSnack(errorMessage(error), 'error');
      }
    });
  };

  if (post.locked && !shown.liked) return null;
  return (
    <Button
      variant="text"
      color={shown.liked ? 'primary' : 'inherit'}
      aria-label={shown.liked ? 'Unlike' : 'Like'}
      aria-pressed={shown.liked}
      startIcon={shown.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      onClick={toggle}
      sx={{ justifySelf: 'start', minWidth: 0 }}
    >
      {formatCompactNumber(shown.likes)}
    </Button>
  );
}

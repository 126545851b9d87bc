import { formatCompactNumber, type LikeState, type Post } from '@aurum/core';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { queryKeys } from '../../lib/query-keys';
import { postQuery, setLiked } from './api';

/**
 * Like or unlike a post. The change shows at once (the cached post is updated) and is rolled
 * back if the server refuses; the server's answer then sets the true count. Locked posts
 * cannot be liked (the server answers 403), so the button is offered on them only to take
 * back an earlier like (say, after a subscription lapsed).
 */
export function LikeButton({ post }: { post: Pick<Post, 'id' | 'likes' | 'liked' | 'locked'> }) {
  const queryClient = useQueryClient();
  const { queryKey } = postQuery(post.id);
  const apply = (state: LikeState) => queryClient.setQueryData(queryKey, (current) => (current ? { ...current, ...state } : current));
  const toggle = useMutation({
    mutationFn: (liked: boolean) => setLiked(post.id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = { liked: post.liked, likes: post.likes };
      apply({ liked, likes: Math.max(0, post.likes + (liked ? 1 : -1)) });
      return { previous };
    },
    onError: (error, _liked, context) => {
      if (context) apply(context.previous);
      addSnack(errorMessage(error), 'error');
    },
    onSuccess: (state) => {
      apply(state);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    },
  });

  if (post.locked && !post.liked) return null;
  return (
    <Button
      variant="text"
      color={post.liked ? 'primary' : 'inherit'}
      aria-label={post.liked ? 'Unlike' : 'Like'}
      aria-pressed={post.liked}
      startIcon={post.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      onClick={() => toggle.mutate(!post.liked)}
      sx={{ justifySelf: 'start', minWidth: 0 }}
    >
      {formatCompactNumber(post.likes)}
    </Button>
  );
}

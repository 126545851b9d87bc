import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageLoading } from '../../components/LoadingOverlay';
import { RetryAlert } from '../../components/RetryAlert';
import { creatorPostsQuery } from '../posts/api';
import { LoadMore } from '../posts/LoadMore';
import { PostTile } from '../posts/PostTile';

/** A creator's posts as square tiles, three across (two on the narrowest phones), loading more as it scrolls. */
export function PostGrid({ creatorId, own }: { creatorId: string; own: boolean }) {
  const posts = useInfiniteQuery(creatorPostsQuery(creatorId));
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box component="section" aria-labelledby="posts-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="posts-title" variant="h2">
        Posts
      </Typography>
      {posts.isPending && <PageLoading label="Loading posts" />}
      {posts.error && <RetryAlert error={posts.error} onRetry={() => void posts.refetch()} />}
      {posts.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{own ? 'You have not posted anything yet.' : 'No posts yet.'}</Typography>
      )}
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label="Posts"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: { xs: 0.5, sm: 1 },
            gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            '@media (max-width: 359.95px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {items.map((post) => (
            <li key={post.id}>
              <PostTile post={post} />
            </li>
          ))}
        </Box>
      )}
      <LoadMore hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} onLoad={() => void posts.fetchNextPage()} />
    </Box>
  );
}

import type { Post } from '@aurum/core';
import AddIcon from '@mui/icons-material/Add';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import NotesIcon from '@mui/icons-material/Notes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { paths } from '../../lib/paths';
import { ownPlansQuery } from '../../lib/plans';
import { describeAccess } from './access';
import { myPostsQuery } from './api';
import { CreatorsOnly } from './CreatorsOnly';
import { LoadMore } from './LoadMore';
import { mediaSummary, tileImageUrl, tilePlaceholder } from './media-view';
import { FadeInImage } from './PostMediaView';
import { formatPostDate, scheduledText } from './schedule';

/** The creator's own posts, newest first, scheduled and private ones included. */
export default function PostsPage() {
  return <CreatorsOnly title="Posts">{() => <OwnPosts />}</CreatorsOnly>;
}

function OwnPosts() {
  const posts = useInfiniteQuery(myPostsQuery());
  const plans = useQuery(ownPlansQuery);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <PageHeader title="Posts">Everything you have published or scheduled.</PageHeader>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.newPost} sx={{ mb: 3 }}>
          New post
        </Button>
      </Box>
      {posts.isPending && <PageLoading label="Loading posts" />}
      {posts.error && <RetryAlert error={posts.error} onRetry={() => void posts.refetch()} />}
      {posts.isSuccess && items.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }}>
          <Typography variant="h2">No posts yet</Typography>
          <Typography color="text.secondary">Your first post is one tap away. Share it with everyone, or only with subscribers.</Typography>
          <Button variant="contained" component={RouterLink} to={paths.newPost}>
            Write your first post
          </Button>
        </Paper>
      )}
      {items.length > 0 && (
        <Box component="ul" aria-label="Your posts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {items.map((post) => (
            <OwnPostRow key={post.id} post={post} planNames={plans.data ?? []} />
          ))}
        </Box>
      )}
      <LoadMore hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} onLoad={() => void posts.fetchNextPage()} />
    </>
  );
}

function OwnPostRow({ post, planNames }: { post: Post; planNames: { id: string; name: string }[] }) {
  const image = tileImageUrl(post);
  const title = post.text?.trim() || mediaSummary(post.media) || 'Text post';
  const processing = post.media.some((item) => item.status === 'processing');
  const failed = post.media.some((item) => item.status === 'failed');
  return (
    <Box component="li">
      <Paper
        component={RouterLink}
        to={paths.post(post.id)}
        variant="outlined"
        sx={{
          display: 'grid',
          gridTemplateColumns: '72px minmax(0, 1fr)',
          gap: 2,
          p: 1.5,
          alignItems: 'center',
          textDecoration: 'none',
          color: 'text.primary',
          '&:hover': { borderColor: 'primary.main' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box
          sx={{
            position: 'relative',
            width: 72,
            height: 72,
            borderRadius: 1.5,
            overflow: 'hidden',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {image ? (
            <FadeInImage src={image} alt="" placeholder={tilePlaceholder(post)} />
          ) : post.media[0]?.kind === 'audio' ? (
            <GraphicEqIcon aria-hidden color="primary" />
          ) : (
            <NotesIcon aria-hidden sx={{ color: 'text.secondary' }} />
          )}
        </Box>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 0.75 }}>
          <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</Typography>
          <Box
            sx={{
              display: 'flex',
              gap: 0.75,
              flexWrap: 'wrap',
              '& .MuiChip-root': { maxWidth: '100%', height: 'auto', minHeight: 24 },
              '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
            }}
          >
            {post.status === 'scheduled' ? (
              <Chip size="small" color="primary" label={scheduledText(post.publishAt)} />
            ) : (
              <Chip size="small" variant="outlined" label={`Published ${formatPostDate(post.publishAt)}`} />
            )}
            <Chip size="small" variant="outlined" label={describeAccess(post.access, planNames)} />
            {processing && <Chip size="small" color="warning" variant="outlined" label="Media processing" />}
            {failed && <Chip size="small" color="error" variant="outlined" label="Media failed" />}
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

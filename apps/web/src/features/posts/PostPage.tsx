import { displayName, formatMoney, type Post } from '@aurum/core';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LikeButton } from '../../components/post/LikeButton';
import { PostMediaView } from '../../components/post/PostMediaView';
import { UnlockActions } from '../../components/post/UnlockActions';
import { ReportDialog } from '../../components/ReportDialog';
import { LoadFailed } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { TipButton } from '../../components/tip/TipButton';
import { UserAvatar } from '../../components/UserAvatar';
import { isApiError } from '../../lib/api/client';
import { useSignedInUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { seenPostId, useSeen } from '../../lib/seen/use-seen';
import { describeAccess } from './access';
import { deletePost, postQuery, refreshPosts } from './api';
import { scheduledText } from './schedule';

/** One post, as the API lets the viewer see it. */
export default function PostPage() {
  const { postId = '' } = useParams();
  const post = useQuery(postQuery(postId));

  if (post.isPending) return <PageLoading label="Loading post" />;
  if (isApiError(post.error, 'post_removed')) {
    return (
      <>
        <PageHeader title="Post removed" back>
          {post.error.message}
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.notices}>
          See your notices
        </Button>
      </>
    );
  }
  if (isApiError(post.error, 'not_found')) {
    return (
      <>
        <PageHeader title="Post not found" back>
          This post does not exist, was deleted, or is not shared with you.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.home}>
          Go home
        </Button>
      </>
    );
  }
  if (post.error) return <LoadFailed title="Post" error={post.error} retry={() => post.refetch()} />;
  return <PostView post={post.data} />;
}

function PostView({ post }: { post: Post }) {
  const viewer = useSignedInUser();
  const own = post.accessLevel === 'owner' && viewer?.id === post.creator.userId;
  const name = displayName(post.creator);
  const text = post.locked ? post.teaser : post.text;
  const seenRef = useSeen(seenPostId(post));
  return (
    <Box component="article" ref={seenRef} aria-labelledby="post-title" sx={{ display: 'grid', gap: 2 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <BackButton />
        <UserAvatar profile={post.creator} size={44} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id="post-title" variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.user(post.creator.userId)} color="inherit">
              {name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {post.status === 'scheduled' ? (
              scheduledText(post.publishAt)
            ) : (
              <time dateTime={post.publishAt}>{formatDate(post.publishAt)}</time>
            )}
          </Typography>
        </Box>
        {!own && <ReportPostButton postId={post.id} />}
      </Box>

      {own && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {post.status === 'scheduled' && <Chip size="small" color="primary" variant="outlined" label="Scheduled" />}
          <Chip size="small" variant="outlined" label={`Who can see it: ${describeAccess(post.access)}`} />
          {post.price && <Chip size="small" color="primary" variant="outlined" label={`Sold for ${formatMoney(post.price)}`} />}
        </Box>
      )}

      {text && (
        <Typography
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '1.05rem' }}
          color={post.locked ? 'text.secondary' : 'text.primary'}
        >
          {text}
        </Typography>
      )}

      {post.media.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {post.media.map((item, index) => (
            <PostMediaView key={item.position} item={item} index={index} count={post.media.length} locked={post.locked} />
          ))}
        </Box>
      )}

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <LikeButton post={post} />
        {!own && post.takesTips && <TipButton compact target={{ creatorId: post.creator.userId, creatorName: name, postId: post.id }} />}
      </Box>

      {post.locked && (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <UnlockActions post={post} />
        </Paper>
      )}

      {own && <OwnerActions post={post} />}
    </Box>
  );
}

/** Opens the report dialog for a post someone else made. */
function ReportPostButton({ postId }: { postId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton aria-label="Report this post" onClick={() => setOpen(true)}>
        <FlagOutlinedIcon />
      </IconButton>
      <ReportDialog target={{ kind: 'post', id: postId, name: 'this post' }} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function OwnerActions({ post }: { post: Post }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: postQuery(post.id).queryKey });
      refreshPosts(queryClient);
      addSnack('Post deleted.', 'success');
      navigate(paths.posts, { replace: true });
    },
  });
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', pt: 1 }}>
        <Button variant="contained" startIcon={<EditIcon />} component={RouterLink} to={paths.editPost(post.id)}>
          Edit post
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
          Delete post
        </Button>
      </Box>
      <Dialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        aria-labelledby="delete-post-title"
        aria-describedby="delete-post-text"
        slotProps={{ paper: { sx: { maxWidth: 440, width: '100%' } } }}
      >
        <DialogTitle id="delete-post-title">Delete this post?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-post-text">Nobody will see it any more, you included. This cannot be undone.</DialogContentText>
          {remove.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={remove.isPending} autoFocus>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => remove.mutate()} loading={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

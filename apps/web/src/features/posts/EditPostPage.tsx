import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { paths } from '../../lib/paths';
import { postQuery } from './api';
import { CreatorsOnly } from './CreatorsOnly';
import { PostComposer } from './PostComposer';

/** The owner edits a post: the composer, prefilled. */
export default function EditPostPage() {
  const { postId = '' } = useParams();
  return <CreatorsOnly title="Edit post">{(user) => <EditPost postId={postId} userId={user.id} />}</CreatorsOnly>;
}

function EditPost({ postId, userId }: { postId: string; userId: string }) {
  const navigate = useNavigate();
  // Always read afresh: the form starts from what the server has now.
  const post = useQuery({ ...postQuery(postId), staleTime: 0, refetchOnWindowFocus: false });

  if (post.isPending) return <PageLoading label="Loading post" />;
  if (isApiError(post.error, 'not_found') || (post.data && post.data.creator.userId !== userId)) {
    return (
      <>
        <PageHeader title="Post not found" back>
          There is no post of yours here to edit.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.posts}>
          Your posts
        </Button>
      </>
    );
  }
  if (post.error) return <LoadFailed title="Edit post" error={post.error} retry={() => post.refetch()} />;
  return (
    <>
      <PageHeader title="Edit post" back />
      <PostComposer
        key={post.data.id}
        post={post.data}
        onSaved={(saved) => {
          addSnack('Changes saved.', 'success');
          navigate(paths.post(saved.id), { replace: true });
        }}
      />
    </>
  );
}

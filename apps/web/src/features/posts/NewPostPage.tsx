import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { CreatorsOnly } from './CreatorsOnly';
import { PostComposer } from './PostComposer';
import { scheduledText } from './schedule';

/** A creator writes a new post. */
export default function NewPostPage() {
  const navigate = useNavigate();
  return (
    <CreatorsOnly title="New post">
      {() => (
        <>
          <PageHeader title="New post" back />
          <PostComposer
            onSaved={(post, how) => {
              addSnack(how === 'scheduled' ? `${scheduledText(post.publishAt)}.` : 'Post published.', 'success');
              navigate(paths.post(post.id), { replace: true });
            }}
          />
        </>
      )}
    </CreatorsOnly>
  );
}

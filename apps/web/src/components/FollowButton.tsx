import type { ProfilePage } from '@aurum/core';
import CheckIcon from '@mui/icons-material/Check';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useFollowCreator } from '../lib/follow';
import { setError } from './error-store';

/** Follow / Following toggle on a creator's profile; the change shows at once and is undone if it fails. */
export function FollowButton({ profile }: { profile: Pick<ProfilePage, 'userId' | 'following'> }) {
  const toggle = useFollowCreator(profile.userId, setError);
  const following = profile.following;
  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      startIcon={following ? <CheckIcon /> : <PersonAddIcon />}
      aria-label={following ? 'Unfollow' : 'Follow'}
      onClick={() => {
        // One change at a time: a second click while the first is on its way does nothing.
        if (!toggle.isPending) toggle.mutate(!following);
      }}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

import type { CreatorSummary } from '@aurum/core';
import Avatar from '@mui/material/Avatar';
import { UserAvatar } from './UserAvatar';

/** The creator's picture when they have one, else the coloured initial. Decorative: the name is always beside it. */
export function CreatorAvatar({
  creator,
  size = 40,
}: {
  creator: Pick<CreatorSummary, 'publicName' | 'handle' | 'avatarColor' | 'avatarUrl'>;
  size?: number;
}) {
  if (creator.avatarUrl) return <Avatar src={creator.avatarUrl} alt="" aria-hidden sx={{ width: size, height: size }} />;
  return <UserAvatar profile={creator} size={size} />;
}

import { avatarInitial, type PublicProfile } from '@aurum/core';
import Avatar from '@mui/material/Avatar';
import { readableTextOn } from '../lib/color';

type AvatarProfile = Pick<PublicProfile, 'publicName' | 'handle' | 'avatarColor'> & {
  /** The user's picture; without one (or in an answer that predates it), the coloured initial. */
  avatarUrl?: string | null;
};

/** The user's picture when they have one, else a coloured circle with their initial; decorative, since the name is always beside it. */
export function UserAvatar({ profile, size = 40 }: { profile: AvatarProfile; size?: number }) {
  if (profile.avatarUrl) return <Avatar src={profile.avatarUrl} alt="" aria-hidden sx={{ width: size, height: size }} />;
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        fontWeight: 700,
        bgcolor: profile.avatarColor,
        color: readableTextOn(profile.avatarColor),
      }}
    >
      {avatarInitial(profile)}
    </Avatar>
  );
}

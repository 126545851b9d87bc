import { avatarInitial, type PublicProfile } from '@aurum/core';
import Avatar from '@mui/material/Avatar';
import { readableTextOn } from '../lib/color';

type AvatarProfile = Pick<PublicProfile, 'publicName' | 'handle' | 'avatarColor'>;

/** A coloured circle with the user's initial; decorative, since the name is always shown beside it. */
export function UserAvatar({ profile, size = 40 }: { profile: AvatarProfile; size?: number }) {
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
